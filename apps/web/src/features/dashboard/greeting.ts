export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Specs: before 12 morning, before 18 afternoon, otherwise evening (local time). */
export function dayPart(hour: number): DayPart {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
