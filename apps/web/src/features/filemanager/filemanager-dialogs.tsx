import { useTranslation } from 'react-i18next';
import * as fm from '@haven/contract/filemanager';
import type { FileEntry } from '@haven/contract/filemanager';
import { toast } from '../../components/toast.ts';
import type { useFileActions } from './api.ts';
import { NameDialog } from './name-dialog.tsx';
import { baseName, joinPath, parentPath } from './paths.ts';
import { PermissionsDialog } from './permissions-dialog.tsx';
import { PreviewDialog } from './preview-dialog.tsx';

export type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'newFile' }
  | { kind: 'rename'; entry: FileEntry }
  | { kind: 'permissions'; entry: FileEntry }
  | { kind: 'preview'; entry: FileEntry }
  | { kind: 'move'; paths: string[] }
  | { kind: 'duplicate'; paths: string[] }
  | { kind: 'zip'; names: string[] };

interface Props {
  domain: string;
  /** The folder shown. */
  path: string;
  dialog: Dialog;
  actions: ReturnType<typeof useFileActions>;
  onZipStarted: (pid: string, name: string) => void;
  onDone: () => void;
  onClose: () => void;
}

/** The dialog that belongs to an action; each submits through the file manager's mutations. */
export function FilemanagerDialogs({
  domain,
  path,
  dialog,
  actions,
  onZipStarted,
  onDone,
  onClose,
}: Props) {
  const { t } = useTranslation('filemanager');
  const done = (message: string) => () => {
    toast.success(message);
    onDone();
  };

  switch (dialog.kind) {
    case 'newFolder':
    case 'newFile': {
      const folder = dialog.kind === 'newFolder';
      return (
        <NameDialog
          kind="name"
          title={t(folder ? 'new_folder' : 'new_file')}
          label={t('name')}
          initial=""
          submitLabel={t('create')}
          onSubmit={(name) =>
            (folder ? actions.createFolder : actions.createFile)
              .mutateAsync({ path, name })
              .then(done(t('created', { name })))
          }
          onClose={onClose}
        />
      );
    }
    case 'rename':
      return (
        <NameDialog
          kind="name"
          title={t('action.rename')}
          label={t('new_name')}
          initial={dialog.entry.raw_name ? '' : dialog.entry.name}
          submitLabel={t('action.rename')}
          onSubmit={(name) =>
            // Specs: the same name does nothing.
            name === dialog.entry.name
              ? Promise.resolve()
              : dialog.entry.raw_name
                ? actions.renameRaw
                    .mutateAsync({
                      path: parentPath(dialog.entry.path),
                      raw_name: dialog.entry.raw_name,
                      name,
                    })
                    .then(done(t('renamed', { name })))
                : actions.rename
                    .mutateAsync({
                      old_path: dialog.entry.path,
                      new_path: joinPath(parentPath(dialog.entry.path), name),
                    })
                    .then(done(t('renamed', { name })))
          }
          onClose={onClose}
        />
      );
    case 'move':
    case 'duplicate': {
      const move = dialog.kind === 'move';
      return (
        <NameDialog
          kind="path"
          title={t(move ? 'move_title' : 'duplicate_title', {
            count: dialog.paths.length,
            name: baseName(dialog.paths[0] ?? ''),
          })}
          label={t('target')}
          initial={path}
          submitLabel={t(move ? 'action.move' : 'action.duplicate')}
          onSubmit={(target) =>
            (move
              ? actions.move.mutateAsync({
                  sources: dialog.paths,
                  target: fm.trimTrailingSlashes(target),
                })
              : actions.duplicate.mutateAsync({
                  sources: dialog.paths,
                  target: fm.trimTrailingSlashes(target),
                })
            ).then(done(t(move ? 'moved' : 'duplicated', { count: dialog.paths.length })))
          }
          onClose={onClose}
        />
      );
    }
    case 'zip':
      return (
        <NameDialog
          kind="name"
          title={t('zip_title', { count: dialog.names.length })}
          label={t('zip_name')}
          initial={fm.defaultZipName()}
          submitLabel={t('action.zip')}
          onSubmit={(zip) =>
            actions.zip
              .mutateAsync({ path, files: dialog.names, zip })
              .then((r) => onZipStarted((r as { pid: string }).pid, zip))
          }
          onClose={onClose}
        />
      );
    case 'permissions':
      return (
        <PermissionsDialog
          name={dialog.entry.name}
          permissions={dialog.entry.permissions}
          onSubmit={(value) =>
            actions.chmod
              .mutateAsync({ path: dialog.entry.path, value })
              .then(done(t('permissions.saved')))
          }
          onClose={onClose}
        />
      );
    case 'preview':
      return (
        <PreviewDialog
          domain={domain}
          path={dialog.entry.path}
          name={dialog.entry.name}
          onClose={onClose}
        />
      );
  }
}
