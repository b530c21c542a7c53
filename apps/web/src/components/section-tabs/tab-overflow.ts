/** What the row has room for: the tabs' own widths, the "more" button's, the gap and the row's. */
export interface RowRoom {
  widths: readonly number[];
  more: number;
  /** What the chevron adds to a button: "more" shows a hidden active tab's name with it. */
  chevron: number;
  gap: number;
  available: number;
}

/**
 * Which tabs stay in one row (by index, in order); the rest go behind a "more" menu. All stay
 * when they fit or nothing is measured yet (0 room: a test's DOM, the first paint). The row is
 * the same on every section, so no tab moves when another opens: a hidden active section is
 * shown on the "more" button itself, which has room for the widest of them.
 */
export function tabsInRow(room: RowRoom): number[] {
  const { widths, more, chevron, gap, available } = room;
  const all = widths.map((_, i) => i);
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (available <= 0 || total <= available) return all;
  for (let keep = widths.length - 1; keep > 0; keep--) {
    const hidden = widths.slice(keep);
    const button = Math.max(more, ...hidden.map((w) => w + chevron));
    const row = widths.slice(0, keep).reduce((sum, w) => sum + w + gap, 0);
    if (row + button <= available) return all.slice(0, keep);
  }
  return [];
}
