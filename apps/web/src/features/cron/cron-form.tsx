import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as cron from '@haven/contract/cron';
import { FormError } from '../../components/form-error.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';
import { errorText } from '../../lib/error-text.ts';
import { CronPlanner } from './cron-planner.tsx';
import { SchedulePreview } from './schedule-preview.tsx';

type Body = cron.CronjobBody;

export function emptyJob(apps: readonly { value: string }[]): Body {
  return {
    app: apps[0]?.value ?? 'command',
    name: '',
    script_dir: '',
    script_file: '',
    command: '',
    logging: false,
    logging_mode: 'append',
    logging_path: '',
    schedule: cron.scheduleFromExpression(cron.QUICK_SCHEDULES.hourly),
  };
}

export function bodyOf(job: cron.Cronjob): Body {
  const [first] = job.jobs;
  if (!first) throw new Error('a cron job has one schedule');
  const { command, minute, hour, day, month, dayofweek } = first;
  return {
    app: job.app,
    name: job.name,
    script_dir: command.script_dir,
    script_file: command.script_file,
    command: command.command,
    logging: command.logging,
    logging_mode: command.logging_mode,
    logging_path: command.logging_path,
    schedule: { minute, hour, day, month, dayofweek },
  };
}

interface Props {
  overview: cron.CronOverview;
  initial: Body;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: Body) => void;
  /** The job is paused: no next runs to show. */
  paused?: boolean;
}

/** The job's fields and the planner (add and detail screens). */
export function CronForm(props: Props) {
  const { overview, initial, submitLabel, pending, error, onSubmit, paused = false } = props;
  const { t } = useTranslation('cron');
  const form = useForm<Body>({ resolver: zodResolver(cron.cronjobBody), defaultValues: initial });
  const app = form.watch('app');
  const logging = form.watch('logging');
  const schedule = form.watch('schedule');
  const apps = overview.apps.map((a) => ({
    value: a.value,
    label: a.value === 'command' ? t('form.app_command') : a.text,
  }));
  const submit = form.handleSubmit((body) => {
    if (!pending) onSubmit(body);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error ? <FormError message={errorText(t, error, ['cron:error.'])} /> : null}
        <Controller
          control={form.control}
          name="app"
          render={({ field }) => (
            <Select label={t('form.app')} data={apps} allowDeselect={false} {...field} />
          )}
        />
        <TextInput label={t('form.name')} required {...form.register('name')} />
        <TextInput
          label={t('form.script_dir')}
          description={t('form.script_dir_hint')}
          {...form.register('script_dir')}
        />
        {app === 'command' ? (
          <Textarea label={t('form.command')} autosize minRows={2} {...form.register('command')} />
        ) : (
          <TextInput label={t('form.script_file')} {...form.register('script_file')} />
        )}
        <Controller
          control={form.control}
          name="logging"
          render={({ field }) => (
            <Switch
              label={t('form.logging')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {logging && (
          <>
            <Controller
              control={form.control}
              name="logging_mode"
              render={({ field }) => (
                <Select
                  label={t('form.logging_mode')}
                  allowDeselect={false}
                  data={[
                    { value: 'append', label: t('form.append') },
                    { value: 'overwrite', label: t('form.overwrite') },
                  ]}
                  {...field}
                />
              )}
            />
            <TextInput
              label={t('form.logging_path')}
              description={t('form.logging_path_hint')}
              {...form.register('logging_path')}
            />
          </>
        )}
        <Controller
          control={form.control}
          name="schedule"
          render={({ field }) => (
            <CronPlanner value={field.value} onChange={field.onChange} zone={overview.timezone} />
          )}
        />
        <SchedulePreview schedule={schedule} zone={overview.timezone} paused={paused} />
        <SubmitRow label={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
