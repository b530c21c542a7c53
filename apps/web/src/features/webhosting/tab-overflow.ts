/** What the row has room for: the tabs' own widths, the "more" button's, the gap and the row's. */
export interface RowRoom {
  widths: readonly number[];
  more: number;
  gap: number;
  available: number;
}

/**
 * Which tabs stay in one row (by index, in order); the rest go behind a "more" menu. All stay
 * when they fit or nothing is measured yet (0 room: a test's DOM, the first paint). The active
 * tab always stays, so the row shows where the customer is; others fill the room in order.
 */
export function tabsInRow(room: RowRoom, active: number): number[] {
  const { widths, more, gap, available } = room;
  const all = widths.map((_, i) => i);
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (available <= 0 || total <= available) return all;
  let left = available - more;
  const keep = new Set<number>();
  const take = (i: number) => {
    const need = (widths[i] ?? 0) + gap;
    if (need > left) return false;
    left -= need;
    keep.add(i);
    return true;
  };
  if (active >= 0) take(active);
  for (const i of all) if (!keep.has(i) && !take(i)) break;
  return all.filter((i) => keep.has(i));
}
