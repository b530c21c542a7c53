import { describe, expect, it } from 'vitest';
import { tabsInRow } from './tab-overflow.ts';

const room = (available: number) => ({
  widths: [100, 50, 80, 120, 60],
  more: 70,
  gap: 10,
  available,
});

describe('the webhosting tabs in one row', () => {
  it('keeps every tab when they fit, or when nothing is measured', () => {
    expect(tabsInRow(room(450), 0)).toEqual([0, 1, 2, 3, 4]);
    expect(tabsInRow(room(0), 3)).toEqual([0, 1, 2, 3, 4]);
  });

  it('puts what does not fit behind the more button, in order', () => {
    // 400 - 70 for "more": 100+10, 50+10, 80+10 fit (260), 120+10 does not.
    expect(tabsInRow(room(400), 0)).toEqual([0, 1, 2]);
    expect(tabsInRow(room(200), -1)).toEqual([0]);
  });

  it('always shows the active tab, in its place among the others', () => {
    expect(tabsInRow(room(400), 4)).toEqual([0, 1, 2, 4]);
    expect(tabsInRow(room(330), 3)).toEqual([0, 3]);
    expect(tabsInRow(room(300), 3)).toEqual([3]);
  });
});
