import { describe, expect, it } from 'vitest';
import { tabsInRow } from './tab-overflow.ts';

const room = (available: number) => ({
  widths: [100, 50, 80, 120, 60],
  more: 70,
  chevron: 20,
  gap: 10,
  available,
});

describe('section tabs in one row', () => {
  it('keeps every tab when they fit, or when nothing is measured', () => {
    expect(tabsInRow(room(450))).toEqual([0, 1, 2, 3, 4]);
    expect(tabsInRow(room(0))).toEqual([0, 1, 2, 3, 4]);
  });

  it('puts what does not fit behind the more button, in order', () => {
    // 100+10, 50+10, 80+10 (260) and a button for the widest hidden: 120 + 20 = 140: 400.
    expect(tabsInRow(room(400))).toEqual([0, 1, 2]);
    expect(tabsInRow(room(399))).toEqual([0, 1]);
    expect(tabsInRow(room(100))).toEqual([]);
  });

  it('is the same row whichever section is open: the more button has room for any hidden one', () => {
    // Hiding only the last (60) needs 390 + max(70, 60 + 20) = 470; hiding two, 260 + 140 = 400.
    expect(tabsInRow(room(449))).toEqual([0, 1, 2]);
  });
});
