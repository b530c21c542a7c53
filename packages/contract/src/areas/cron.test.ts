import { describe, expect, it } from 'vitest';
import {
  expressionOf,
  fieldProblem,
  plannerOf,
  QUICK_SCHEDULES,
  quickOf,
  scheduleFromExpression,
  scheduleOf,
  type Planner,
} from './cron-planner.ts';
import { hasCronUnsafe, relPathProblem, relPathText } from './cron.ts';

const f = (mode: Planner['minute']['mode'], step = 5, list: number[] = []) => ({
  mode,
  step,
  list,
});

describe('cron planner', () => {
  it('turns each mode into its crontab field: at start, every, every N, a list', () => {
    const planner: Planner = {
      minute: f('start'),
      hour: f('step', 2),
      day: f('start'),
      month: f('list', 5, [10, 1, 4, 7, 4]),
      dayofweek: f('every'),
    };
    expect(expressionOf(scheduleOf(planner))).toBe('0 */2 1 1,4,7,10 *');
  });

  it('reads a crontab expression back into the same planner, both ways', () => {
    for (const e of ['0 */2 1 1,4,7,10 *', '*/5 * * * *', '15,45 3 * * 1,2,3', '0 0 1 1 0']) {
      const planner = plannerOf(scheduleFromExpression(e));
      expect(expressionOf(scheduleOf(planner))).toBe(e);
    }
    expect(plannerOf(scheduleFromExpression('0 0 1 * 0')).day.mode).toBe('start');
    expect(plannerOf(scheduleFromExpression('5 0 2 * *')).minute).toEqual(f('list', 5, [5]));
  });

  it('has the quick schedules of the specs, each a valid expression the planner can show', () => {
    expect(Object.keys(QUICK_SCHEDULES)).toEqual([
      'every5',
      'every15',
      'every30',
      'hourly',
      'twiceDaily',
      'daily',
      'weekly',
      'monthly',
      'quarterly',
    ]);
    for (const [name, e] of Object.entries(QUICK_SCHEDULES)) {
      const s = scheduleFromExpression(e);
      expect(Object.entries(s).every(([k, v]) => fieldProblem(k as 'minute', v) === null)).toBe(
        true,
      );
      expect(quickOf(scheduleOf(plannerOf(s)))).toBe(name);
    }
  });

  it('refuses out-of-range values, step 0 and anything but digits, *, / and ,', () => {
    expect(fieldProblem('minute', '60')).toBe('range');
    expect(fieldProblem('day', '0')).toBe('range');
    expect(fieldProblem('month', '13')).toBe('range');
    expect(fieldProblem('dayofweek', '7')).toBe('range');
    expect(fieldProblem('minute', '*/0')).toBe('step');
    expect(fieldProblem('hour', '*/24')).toBe('step');
    for (const bad of ['', ' 1', '1-5', '*/5\n* * * * root', '1%', '1,', 'a', '*/*'])
      expect(fieldProblem('minute', bad)).toBe('format');
    expect(fieldProblem('minute', '0,59')).toBeNull();
  });

  it('refuses control characters in a field (never %), and paths outside the folder', () => {
    expect(hasCronUnsafe('date +%s > stamp')).toBe(false);
    expect(hasCronUnsafe('a\nb')).toBe(true);
    expect(hasCronUnsafe('echo ok')).toBe(false);
    for (const bad of ['../x', 'a/../../x', '/..', 'a\u0000b', `${'é'.repeat(128)}.php`])
      expect(relPathProblem(bad)).toBe('invalid_path');
    // The file manager's rule: '/' is the FTP user's folder, '.' and extra slashes drop out.
    for (const [path, stored] of [
      ['httpdocs/cron', 'httpdocs/cron'],
      ['/cron//jobs/./', 'cron/jobs'],
      ['/', ''],
      ['my jobs/x;y.php', 'my jobs/x;y.php'],
    ]) {
      expect(relPathProblem(path ?? '')).toBeNull();
      expect(relPathText(path ?? '')).toBe(stored);
    }
  });
});
