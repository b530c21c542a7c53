import { useState } from 'react';
import {
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as cron from '@haven/contract/cron';

const { CRON_FIELDS, FIELD_RANGE, QUICK_SCHEDULES } = cron;
type Schedule = cron.CronSchedule;

function modeOf(field: cron.CronField, value: string): cron.PlannerMode {
  return cron.fieldProblem(field, value) === 'format'
    ? 'list'
    : cron.plannerFieldOf(field, value).mode;
}

function FieldRow(props: {
  field: cron.CronField;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('cron');
  const { field, value, onChange } = props;
  // "A list" holding just the start value reads back as "at start": the choice is kept here.
  const [chosen, setChosen] = useState<cron.PlannerMode | null>(null);
  const derived = modeOf(field, value);
  const mode = chosen === 'list' && derived === 'start' ? 'list' : derived;
  const [min, max] = FIELD_RANGE[field];
  const problem = cron.fieldProblem(field, value);
  const setMode = (m: string | null) => {
    setChosen(m as cron.PlannerMode | null);
    if (m === 'start') onChange(String(min));
    else if (m === 'every') onChange('*');
    else if (m === 'step') onChange('*/5');
    else if (m === 'list') onChange(String(min));
  };
  const label = t(`planner.field.${field}`);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label={label}
        w={{ base: '100%', xs: 200 }}
        value={mode}
        allowDeselect={false}
        onChange={setMode}
        data={(['start', 'every', 'step', 'list'] as const).map((m) => ({
          value: m,
          label: t(`planner.mode.${m}`, { start: min }),
        }))}
      />
      {mode === 'step' && (
        <NumberInput
          label={t('planner.every_n', { field: label })}
          w={{ base: '100%', xs: 160 }}
          min={1}
          max={max}
          value={Number(value.slice(2)) || ''}
          onChange={(n) => onChange(`*/${n}`)}
          error={problem ? t(`planner.problem.${problem}`, { min, max }) : undefined}
        />
      )}
      {mode === 'list' && (
        <TextInput
          label={t('planner.list', { field: label })}
          description={t('planner.list_hint', { min, max })}
          w={{ base: '100%', xs: 220 }}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value.replace(/\s/g, ''))}
          error={problem ? t(`planner.problem.${problem}`, { min, max }) : undefined}
        />
      )}
    </Group>
  );
}

/** The cron planner (specs helper): a quick schedule, or a mode per field. */
export function CronPlanner({
  value,
  onChange,
  zone,
}: {
  value: Schedule;
  onChange: (v: Schedule) => void;
  /** The server's time zone: cron reads the fields in it, the words below are the customer's. */
  zone: string;
}) {
  const { t } = useTranslation('cron');
  const quick = cron.quickOf(value);
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('planner.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('planner.zone', { zone })}
          </Text>
        </div>
        <Select
          label={t('planner.quick')}
          placeholder={t('planner.custom')}
          value={quick}
          clearable={false}
          onChange={(q) =>
            q && onChange(cron.scheduleFromExpression(QUICK_SCHEDULES[q as cron.QuickSchedule]))
          }
          data={Object.keys(QUICK_SCHEDULES).map((q) => ({ value: q, label: t(`quick.${q}`) }))}
        />
        <SimpleGrid cols={1} spacing="xs">
          {CRON_FIELDS.map((f) => (
            <FieldRow
              key={f}
              field={f}
              value={value[f]}
              onChange={(v) => onChange({ ...value, [f]: v })}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
