/**
 * The cron planner (specs part 2 §4): each of minute, hour, day, month and dayofweek has a mode
 * — at start (0, or 1 for day and month), every (`*`), every N (`*\/N`) or a specific list — and
 * the quick schedules. The planner and the five crontab fields convert both ways; the server
 * judges the fields with the same rules (`fieldProblem`), so what the form offers is what a
 * crontab line may hold: digits, `*`, `/` and `,` only (never `%`, a newline or a space).
 */
export const CRON_FIELDS = ['minute', 'hour', 'day', 'month', 'dayofweek'] as const;
export type CronField = (typeof CRON_FIELDS)[number];

/** Smallest and largest value of each field (day of week: 0 is Sunday). */
export const FIELD_RANGE: Record<CronField, readonly [number, number]> = {
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  dayofweek: [0, 6],
};

export type PlannerMode = 'start' | 'every' | 'step' | 'list';
export interface PlannerField {
  mode: PlannerMode;
  /** The N of every N (mode step). */
  step: number;
  /** The chosen values (mode list). */
  list: number[];
}
export type Planner = Record<CronField, PlannerField>;
export type CronSchedule = Record<CronField, string>;

const startValue = (f: CronField) => FIELD_RANGE[f][0];

/** The crontab field for one planner field. */
export function fieldOf(f: CronField, p: PlannerField): string {
  switch (p.mode) {
    case 'start':
      return String(startValue(f));
    case 'every':
      return '*';
    case 'step':
      return `*/${p.step}`;
    case 'list':
      return [...new Set(p.list)].sort((a, b) => a - b).join(',');
  }
}

export function scheduleOf(planner: Planner): CronSchedule {
  const out = {} as CronSchedule;
  for (const f of CRON_FIELDS) out[f] = fieldOf(f, planner[f]);
  return out;
}

/** The planner field for a crontab field (one that `fieldProblem` accepts). */
export function plannerFieldOf(f: CronField, value: string): PlannerField {
  const empty = { step: 5, list: [] as number[] };
  if (value === '*') return { mode: 'every', ...empty };
  if (value.startsWith('*/')) return { mode: 'step', step: Number(value.slice(2)), list: [] };
  const list = value.split(',').map(Number);
  if (list.length === 1 && list[0] === startValue(f)) return { mode: 'start', ...empty };
  return { mode: 'list', step: 5, list };
}

export function plannerOf(schedule: CronSchedule): Planner {
  const out = {} as Planner;
  for (const f of CRON_FIELDS) out[f] = plannerFieldOf(f, schedule[f]);
  return out;
}

/** Problem with one crontab field: null, `format` (not `*`, `*\/N` or a list), `range`, `step`. */
export function fieldProblem(f: CronField, value: string): 'format' | 'range' | 'step' | null {
  if (!/^(\*|\*\/[0-9]{1,2}|[0-9]{1,2}(,[0-9]{1,2}){0,59})$/.test(value)) return 'format';
  const [min, max] = FIELD_RANGE[f];
  if (value.startsWith('*/')) {
    const n = Number(value.slice(2));
    return n < 1 || n > max ? 'step' : null;
  }
  if (value === '*') return null;
  return value.split(',').every((v) => Number(v) >= min && Number(v) <= max) ? null : 'range';
}

export const QUICK_SCHEDULES = {
  every5: '*/5 * * * *',
  every15: '*/15 * * * *',
  every30: '*/30 * * * *',
  hourly: '0 * * * *',
  twiceDaily: '0 0,12 * * *',
  daily: '0 0 * * *',
  weekly: '0 0 * * 0',
  monthly: '0 0 1 * *',
  quarterly: '0 0 1 1,4,7,10 *',
} as const;
export type QuickSchedule = keyof typeof QUICK_SCHEDULES;

export function scheduleFromExpression(expression: string): CronSchedule {
  const parts = expression.split(' ');
  const out = {} as CronSchedule;
  CRON_FIELDS.forEach((f, i) => (out[f] = parts[i] ?? '*'));
  return out;
}

export const expressionOf = (s: CronSchedule) => CRON_FIELDS.map((f) => s[f]).join(' ');

/** The quick schedule a schedule equals, if any (the form shows it chosen). */
export function quickOf(s: CronSchedule): QuickSchedule | null {
  const e = expressionOf(s);
  const hit = Object.entries(QUICK_SCHEDULES).find(([, v]) => v === e);
  return hit ? (hit[0] as QuickSchedule) : null;
}
