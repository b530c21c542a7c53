/** Minutes that `zone` is ahead of UTC at the instant `at`. */
export function zoneOffset(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** Every value a crontab field of the planner (`*`, `*\/N` or a list) stands for. */
function valuesOf(field: string, size: number): number[] {
  const all = Array.from({ length: size }, (_, i) => i);
  if (field === '*') return all;
  if (field.startsWith('*/')) return all.filter((v) => v % Number(field.slice(2)) === 0);
  return [...new Set(field.split(',').map(Number))].sort((a, b) => a - b);
}

/** The field for `values`: as it was when nothing moved, `a-b/N` for a step, else a list. */
function fieldFor(values: number[], original: string, size: number): string {
  const before = valuesOf(original, size);
  if (values.length === before.length && values.every((v, i) => v === before[i])) return original;
  const step = original.startsWith('*/') ? Number(original.slice(2)) : 0;
  const first = values[0] ?? 0;
  const last = values.at(-1) ?? 0;
  if (step > 0 && values.length > 2 && values.every((v, i) => v === first + i * step))
    return `${first}-${last}/${step}`;
  return values.join(',');
}

/**
 * The crontab expression (minute hour day month weekday, as the planner writes it) moved by
 * `shift` minutes: what a schedule read in one time zone is in a zone `shift` minutes ahead.
 * Null when the moved times are no crontab expression: a shift that splits the runs over two
 * days while the days are chosen, a day of the month moved out of 1–28 (months differ in
 * length), or a weekday moved while the months are chosen.
 */
export function shiftExpression(expression: string, shift: number): string | null {
  const [minute = '*', hour = '*', day = '*', month = '*', weekday = '*'] = expression.split(' ');
  if (shift === 0) return expression;
  const times = valuesOf(hour, 24).flatMap((h) => valuesOf(minute, 60).map((m) => h * 60 + m));
  const moved = times.map((t) => t + shift);
  const dayShifts = new Set(moved.map((t) => Math.floor(t / 1440)));
  const inDay = [...new Set(moved.map((t) => ((t % 1440) + 1440) % 1440))];
  const hours = [...new Set(inDay.map((t) => Math.floor(t / 60)))].sort((a, b) => a - b);
  const minutes = [...new Set(inDay.map((t) => t % 60))].sort((a, b) => a - b);
  // Only a grid of hours × minutes is one crontab line.
  if (hours.length * minutes.length !== inDay.length) return null;
  let days = day;
  let weekdays = weekday;
  const daysChosen = day !== '*' || weekday !== '*';
  if (daysChosen) {
    if (dayShifts.size !== 1) return null;
    const by = [...dayShifts][0] ?? 0;
    if (by !== 0) {
      if (month !== '*' || day.startsWith('*/') || weekday.startsWith('*/')) return null;
      if (day !== '*') {
        const moved = valuesOf(day, 32).map((d) => d + by);
        if (moved.some((d) => d < 1 || d > 28)) return null;
        days = moved.join(',');
      }
      if (weekday !== '*') {
        const moved = valuesOf(weekday, 8).map((d) => (((d + by) % 7) + 7) % 7);
        weekdays = [...new Set(moved)].sort((a, b) => a - b).join(',');
      }
    }
  }
  return [fieldFor(minutes, minute, 60), fieldFor(hours, hour, 24), days, month, weekdays].join(
    ' ',
  );
}
