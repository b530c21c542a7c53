import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { LogFilter } from '@haven/contract/logs';
import { FormError } from '../../components/form-error.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { startDownload } from '../../lib/start-download.ts';
import { routePath } from '../../lib/paths.ts';
import { useDownloadLog, useLogFilter, useLogPage, useLogs } from './api.ts';
import { LogFilterForm } from './log-filter-form.tsx';
import { LogLines } from './log-lines.tsx';

/** One log: 1000 lines a page, newest page first, older and newer; a filter; the download. */
export function LogDetailPage() {
  const { t } = useTranslation('logs');
  const { domain = '', name = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [filter, setFilter] = useState<LogFilter | null>(null);
  const list = useLogs(domain);
  const file = list.data?.logs.find((l) => l.name === name);
  const viewable = file?.viewable ?? true;
  const current = useLogPage(domain, name, page, viewable);
  const filtered = useLogFilter(domain, name, viewable ? filter : null);
  const download = useDownloadLog(domain, name);
  const goTo = (p: number) => setParams(p === 1 ? {} : { page: String(p) });
  const notViewable = !viewable || errorCode(current.error) === 'log_not_viewable';

  const downloadButton = (
    <Button
      leftSection={<IconDownload size={16} aria-hidden />}
      variant="light"
      loading={download.isPending}
      onClick={() => download.mutate(undefined, { onSuccess: (url) => startDownload(url) })}
    >
      {t('detail.download')}
    </Button>
  );

  return (
    <OnlyIfExists query={current}>
      <DetailScreen
        query={list}
        exists={(data) => data.logs.some((l) => l.name === name)}
        hold
        title={name}
        back={{ to: routePath('log', { domain }), label: t('detail.back') }}
        actions={downloadButton}
        error={download.isError ? errorText(t, download.error) : undefined}
      >
        {() =>
          notViewable ? (
            <Alert color="blue" title={t('detail.not_viewable_title')}>
              {t(file?.compression === 'gz' ? 'detail.not_viewable_gz' : 'detail.not_viewable_big')}
            </Alert>
          ) : (
            <>
              <LogFilterForm onFilter={setFilter} />
              {filter ? (
                <Stack gap="xs">
                  {filtered.isPending && <PageLoader />}
                  {filtered.isError && <FormError message={errorText(t, filtered.error)} />}
                  {filtered.data && (
                    <>
                      <Text size="sm" role="status">
                        {t('filter.matched', { count: filtered.data.matched })}
                      </Text>
                      {filtered.data.lines.length > 0 && (
                        <LogLines lines={filtered.data.lines} label={t('filter.result')} />
                      )}
                    </>
                  )}
                </Stack>
              ) : (
                <Stack gap="xs">
                  {current.isPending && <PageLoader />}
                  {current.isError && <FormError message={errorText(t, current.error)} />}
                  {current.data && (
                    <>
                      <Pager
                        page={page}
                        hasOlder={current.data.has_older}
                        onPage={goTo}
                        loading={current.isFetching}
                      />
                      {current.data.lines.length === 0 ? (
                        <Text>{t('detail.empty')}</Text>
                      ) : (
                        <LogLines
                          lines={current.data.lines}
                          label={t('detail.lines', { page: current.data.page })}
                        />
                      )}
                    </>
                  )}
                </Stack>
              )}
            </>
          )
        }
      </DetailScreen>
    </OnlyIfExists>
  );
}

function Pager(props: {
  page: number;
  hasOlder: boolean;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('logs');
  const { page, hasOlder, onPage } = props;
  return (
    <Group justify="space-between" gap="xs" component="nav" aria-label={t('detail.pages')}>
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('detail.newer')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t(page === 1 ? 'detail.page_newest' : 'detail.page', { page })}
      </Text>
      <Button variant="default" disabled={!hasOlder} onClick={() => onPage(page + 1)}>
        {t('detail.older')}
      </Button>
    </Group>
  );
}
