import { describe, expect, it } from 'vitest';
import { shiftExpression, zoneOffset } from './local-schedule.ts';
import { localScheduleWords, nextRuns } from './schedule-words.ts';

const AMSTERDAM = { server: 'UTC', local: 'Europe/Amsterdam' };
const WINTER = new Date('2026-11-26T12:00:00Z');

describe('a schedule moved to the customer’s time zone', () => {
  it('knows the zones’ offsets, summer and winter', () => {
    expect(zoneOffset('UTC', WINTER)).toBe(0);
    expect(zoneOffset('Europe/Amsterdam', WINTER)).toBe(60);
    expect(zoneOffset('Europe/Amsterdam', new Date('2026-07-01T12:00:00Z'))).toBe(120);
    expect(zoneOffset('Asia/Kolkata', WINTER)).toBe(330);
    expect(zoneOffset('America/New_York', WINTER)).toBe(-300);
  });

  it('moves the hours, minutes and, past midnight, the chosen days', () => {
    expect(shiftExpression('30 0 * * *', 60)).toBe('30 1 * * *');
    expect(shiftExpression('30 0 * * *', 0)).toBe('30 0 * * *');
    expect(shiftExpression('0 3,15 * * *', 330)).toBe('30 8,20 * * *');
    expect(shiftExpression('30 23 * * 1,5', 60)).toBe('30 0 * * 2,6');
    expect(shiftExpression('30 23 * * 6', 60)).toBe('30 0 * * 0');
    expect(shiftExpression('0 1 * * 0', -300)).toBe('0 20 * * 6');
    expect(shiftExpression('0 23 14 * *', 120)).toBe('0 1 15 * *');
    // Every hour or every minute stays so; a step of hours becomes a step from another start.
    expect(shiftExpression('15 * * * *', 60)).toBe('15 * * * *');
    expect(shiftExpression('*/5 * * * *', 330)).toBe('*/5 * * * *');
    expect(shiftExpression('0 */2 * * *', 60)).toBe('0 1-23/2 * * *');
    expect(shiftExpression('* 4 * * *', 120)).toBe('* 6 * * *');
  });

  it('refuses what one crontab line cannot say in the other zone', () => {
    // 03:00 and 03:45 half an hour later are 03:30 and 04:15: no grid of hours × minutes.
    expect(shiftExpression('0,45 3 * * *', 30)).toBeNull();
    expect(shiftExpression('0,30 22,23 * * *', 60)).toBe('0,30 0,23 * * *');
    // One run stays on Monday, the other moves to Tuesday.
    expect(shiftExpression('0 12,23 * * 1', 60)).toBeNull();
    // The 28th plus one day does not exist in every February; the 1st minus one is no number.
    expect(shiftExpression('0 23 28 * *', 60)).toBeNull();
    expect(shiftExpression('0 0 1 * *', -60)).toBeNull();
    // A weekday moved across a month's end would leave the chosen month.
    expect(shiftExpression('0 23 * 1 1', 60)).toBeNull();
    // Every hour of chosen days: the first hours fall on the day before.
    expect(shiftExpression('0 * * * 1', 60)).toBeNull();
  });

  it('says the words at the customer’s time, as the next runs show it', () => {
    const nl = localScheduleWords('30 0 * * *', 'nl', AMSTERDAM, WINTER);
    expect(nl).toEqual({ words: 'Om 01:30', zone: null });
    const en = localScheduleWords('30 0 * * *', 'en', AMSTERDAM, WINTER);
    expect(en).toEqual({ words: 'At 01:30', zone: null });
    const [run] = nextRuns('30 0 * * *', 'UTC', 1);
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
    }).format(run);
    expect(en.words).toContain(shown);
    expect(localScheduleWords('0 23 * * 1', 'en', AMSTERDAM, WINTER).words).toBe(
      'At 00:00, only on Tuesday',
    );
  });

  it('keeps the server’s words, with its zone, when they cannot move', () => {
    expect(localScheduleWords('0 12,23 * * 1', 'en', AMSTERDAM, WINTER)).toEqual({
      words: 'At 12:00 and 23:00, only on Monday',
      zone: 'UTC',
    });
  });
});
