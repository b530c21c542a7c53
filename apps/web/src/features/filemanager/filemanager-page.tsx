import { useCallback, useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { FileEntry } from '@haven/contract/filemanager';
import type { Job } from '@haven/contract/jobs';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { JobProgress } from '../../components/job-progress.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { folderSize, useFileActions, useListing, useRefresh } from './api.ts';
import { downloadFile } from './download.ts';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { DiskUsage } from './disk-usage.tsx';
import { EntryTable, type EntryAction } from './entry-table.tsx';
import { fmErrorText } from './fm-errors.ts';
import { FilemanagerDialogs, type Dialog } from './filemanager-dialogs.tsx';
import { nextSort, pathFromSplat, sortEntries, splatOf, type Sort } from './paths.ts';
import { SearchBox } from './search-box.tsx';
import { Toolbar } from './toolbar.tsx';
import { TrashPanel } from './trash-panel.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { useUploads } from './use-uploads.ts';

/** The file manager: one folder of the domain's home, its entries and what can be done with them. */
export function FilemanagerPage() {
  const { t } = useTranslation('filemanager');
  const { domain = '', '*': splat } = useParams();
  const path = pathFromSplat(splat);
  const navigate = useNavigate();
  const listing = useListing(domain, path);
  const actions = useFileActions(domain);
  const refresh = useRefresh(domain);
  // Specs: reloading resets the sort, so it lives in state only.
  const [sort, setSort] = useState<Sort>({ key: 'name', dir: 'asc' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sizes, setSizes] = useState<Record<string, number>>({});
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [jobs, setJobs] = useState<{ id: string; label: string }[]>([]);
  const [showTrash, setShowTrash] = useState(false);
  // Sorting 100,000 entries takes a while: only when the listing or the sort changes, not per click.
  const entries = useMemo(() => sortEntries(listing.data?.data ?? [], sort), [listing.data, sort]);
  const onUploaded = useCallback(() => void refresh(), [refresh]);
  const uploads = useUploads(
    domain,
    path,
    listing.data?.max_size ?? Number.MAX_SAFE_INTEGER,
    onUploaded,
  );

  const fail = (error: unknown) => toast.error(fmErrorText(t, error));
  const addJob = (id: string, label: string) => setJobs((all) => [...all, { id, label }]);
  const jobDone = (id: string) => (job: Job) => {
    setJobs((all) => all.filter((j) => j.id !== id));
    void refresh();
    if (job.state === 'done') toast.success(t('job.done'));
    else toast.error(t([`error.${job.error ?? ''}`, 'job.failed']));
  };

  const remove = (paths: string[]) =>
    confirmDelete({
      name:
        paths.length === 1
          ? (paths[0]!.split('/').pop() ?? paths[0]!)
          : t('selection_name', { count: paths.length }),
      message: t('delete_confirm', { count: paths.length }),
      confirmLabel: t('action.delete'),
      onConfirm: () =>
        actions.remove.mutate(paths, {
          onSuccess: () => {
            setSelected(new Set());
            toast.success(t('deleted', { count: paths.length }));
          },
          onError: fail,
        }),
    });

  const onAction = (action: EntryAction, entry: FileEntry) => {
    switch (action) {
      case 'edit':
        void navigate(routePath('filemanageredit', { domain, '*': splatOf(entry.path) }));
        return;
      case 'download':
        downloadFile(domain, entry.path).catch(fail);
        return;
      case 'size':
        folderSize(domain, entry.path).then(
          (r) => setSizes((s) => ({ ...s, [entry.path]: r.size })),
          fail,
        );
        return;
      case 'unzip':
        actions.unzip.mutate(
          { path: entry.path },
          {
            onSuccess: (r) =>
              addJob((r as { pid: string }).pid, t('job.unzip', { name: entry.name })),
            onError: fail,
          },
        );
        return;
      case 'delete':
        remove([entry.path]);
        return;
      case 'rename':
      case 'permissions':
      case 'preview':
        setDialog({ kind: action, entry });
        return;
      case 'move':
      case 'duplicate':
        setDialog({ kind: action, paths: [entry.path] });
        return;
    }
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={t('title')} intro={t('intro', { domain })} />
      <Toolbar
        maxSize={listing.data?.max_size}
        uploading={uploads.running}
        showTrash={showTrash}
        onNewFolder={() => setDialog({ kind: 'newFolder' })}
        onNewFile={() => setDialog({ kind: 'newFile' })}
        onUpload={(files) => void uploads.start(files)}
        onToggleTrash={() => setShowTrash((v) => !v)}
      />
      <DiskUsage domain={domain} enabled={listing.isSuccess} />
      {showTrash && <TrashPanel domain={domain} />}
      <BreadcrumbBar domain={domain} path={path} />
      <SearchBox domain={domain} path={path} />
      <UploadPanel
        items={uploads.items}
        percent={uploads.percent}
        running={uploads.running}
        onCancel={uploads.cancel}
        onClear={uploads.clear}
      />
      {jobs.map((job) => (
        <JobProgress
          key={job.id}
          domain={domain}
          jobId={job.id}
          label={job.label}
          onDone={jobDone(job.id)}
        />
      ))}
      <BulkBar
        count={selected.size}
        onDelete={() => remove([...selected])}
        onDuplicate={() => setDialog({ kind: 'duplicate', paths: [...selected] })}
        onMove={() => setDialog({ kind: 'move', paths: [...selected] })}
        onZip={() =>
          setDialog({
            kind: 'zip',
            names: listing.data?.data.filter((e) => selected.has(e.path)).map((e) => e.name) ?? [],
          })
        }
        onClear={() => setSelected(new Set())}
      />
      <QueryState query={listing}>
        {() =>
          entries.length > 0 ? (
            <EntryTable
              domain={domain}
              entries={entries}
              sort={sort}
              onSort={(key) => setSort((s) => nextSort(s, key))}
              selected={selected}
              onSelect={setSelected}
              sizes={sizes}
              onAction={onAction}
            />
          ) : (
            <Text c="dimmed">{t('empty')}</Text>
          )
        }
      </QueryState>
      {dialog && (
        <FilemanagerDialogs
          domain={domain}
          path={path}
          dialog={dialog}
          actions={actions}
          onZipStarted={(pid, name) => {
            setSelected(new Set());
            addJob(pid, t('job.zip', { name }));
          }}
          onDone={() => setSelected(new Set())}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
