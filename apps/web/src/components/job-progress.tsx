import { useEffect, useRef } from 'react';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as jobs from '@haven/contract/jobs';
import type { Job } from '@haven/contract/jobs';
import { api } from '../lib/api.ts';
import { BACKGROUND_META } from './loading-bar.tsx';

/** Specs: the poll delay grows by one second per try (n seconds on try n). */
export function pollDelayMs(attempt: number): number {
  return Math.max(1, attempt) * 1000;
}

export function isFinished(job: Job | undefined): boolean {
  return job?.state === 'done' || job?.state === 'failed';
}

interface Props {
  domain: string;
  jobId: string;
  /** Called once when the job is done or failed. */
  onDone?: (job: Job) => void;
  label?: string;
}

/** A background job's progress, polled until it finishes. */
export function JobProgress({ domain, jobId, onDone, label }: Props) {
  const { t } = useTranslation('common');
  const reported = useRef<string | null>(null);
  const { data: job, error } = useQuery({
    queryKey: ['job', domain, jobId],
    queryFn: ({ signal }) => api(jobs.getJob, { params: { domain, id: jobId } }, { signal }),
    meta: BACKGROUND_META,
    refetchInterval: (query) =>
      isFinished(query.state.data) ? false : pollDelayMs(query.state.dataUpdateCount),
  });

  useEffect(() => {
    if (job && isFinished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onDone?.(job);
    }
  }, [job, onDone]);

  if (error) return <Alert color="red">{t('job.unknown')}</Alert>;
  if (job?.state === 'failed') {
    return (
      <Alert color="red">
        {job.error ? t(`errors:${job.error}`, { defaultValue: job.error }) : t('job.failed')}
      </Alert>
    );
  }
  const value = job?.progress ?? 0;
  const text = label ?? t('job.running');
  return (
    <Stack gap={4}>
      <Text size="sm" id={`job-${jobId}`}>
        {text}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section
          value={value}
          animated={!isFinished(job)}
          aria-labelledby={`job-${jobId}`}
        />
      </Progress.Root>
    </Stack>
  );
}
