import { describe, expect, it } from 'vitest';
import { rowWindow } from './virtual-rows.ts';

describe('rowWindow', () => {
  it('renders the rows in view plus overscan below, with a spacer for the rest', () => {
    // 800 px viewport, rows of 40 px, list starting 200 px down the page: 15 rows show.
    expect(rowWindow(100_000, 40, 200, 800, 5)).toEqual({
      start: 0,
      end: 20,
      before: 0,
      after: (100_000 - 20) * 40,
    });
  });

  it('follows the scroll position with overscan on both sides', () => {
    // Scrolled 4,000 px past the list's top: rows 100 to 120 show.
    expect(rowWindow(100_000, 40, -4000, 800, 5)).toEqual({
      start: 95,
      end: 125,
      before: 95 * 40,
      after: (100_000 - 125) * 40,
    });
  });

  it('stops at the end of the list and when the list is below the viewport', () => {
    expect(rowWindow(100, 40, -3900, 800, 5)).toEqual({
      start: 92,
      end: 100,
      before: 92 * 40,
      after: 0,
    });
    expect(rowWindow(100, 40, 2000, 800, 5)).toEqual({
      start: 0,
      end: 5,
      before: 0,
      after: 95 * 40,
    });
    expect(rowWindow(0, 40, 0, 800, 5)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});
