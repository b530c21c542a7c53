import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Rows of the list that are in the DOM: [start, end), with the pixels of the rows left out. */
export interface RowWindow {
  start: number;
  end: number;
  /** Height of the rows before `start`, kept as a spacer so the scrollbar stays true. */
  before: number;
  /** Height of the rows from `end` on. */
  after: number;
}

/**
 * Which rows of a list of `count` rows of `rowHeight` px show when the list's top edge is at
 * `top` px in a viewport of `viewport` px (top < 0: scrolled past), plus `overscan` rows each side
 * so that tabbing and fast scrolling find a row already there.
 */
export function rowWindow(
  count: number,
  rowHeight: number,
  top: number,
  viewport: number,
  overscan: number,
): RowWindow {
  const first = Math.floor(Math.max(0, -top) / rowHeight);
  const last = Math.ceil(Math.max(0, viewport - top) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

interface Options {
  count: number;
  /** Height of a row until one has been measured (jsdom never measures). */
  estimate: number;
  overscan: number;
  /** Viewport height in px; the window's by default. Tests set it, as jsdom has no layout. */
  viewportHeight?: number;
}

/**
 * Window-scroll virtualisation for a list of rows of one height. `body` is the element the rows
 * sit in (a tbody); the first rendered row is measured so zoom and breakpoints set the real height.
 */
export function useVirtualRows(
  body: RefObject<HTMLElement | null>,
  { count, estimate, overscan, viewportHeight }: Options,
): RowWindow {
  const rowHeight = useRef(estimate);
  const [win, setWin] = useState(() =>
    rowWindow(count, estimate, 0, viewportHeight ?? window.innerHeight, overscan),
  );

  const update = useCallback(() => {
    const el = body.current;
    if (!el) return;
    const measured = el.querySelector('tr[aria-rowindex]')?.getBoundingClientRect().height ?? 0;
    // Sub-pixel heights differ by rounding only; re-rendering for them could loop.
    if (measured > 0 && Math.abs(rowHeight.current - measured) > 0.5) rowHeight.current = measured;
    const next = rowWindow(
      count,
      rowHeight.current,
      el.getBoundingClientRect().top,
      viewportHeight ?? window.innerHeight,
      overscan,
    );
    // Most scroll events stay within the same rows: keeping the old object skips the render.
    setWin((prev) =>
      prev.start === next.start &&
      prev.end === next.end &&
      prev.before === next.before &&
      prev.after === next.after
        ? prev
        : next,
    );
  }, [body, count, overscan, viewportHeight]);

  // Also runs when the count changes (another folder), before the browser paints.
  useLayoutEffect(() => {
    update();
    // Scrolling, resizing and content above the list (an upload panel, a job) move the rows.
    // Scroll events come once per frame, before it is painted: rendering the new rows right
    // there (flushSync) keeps the frame from showing an empty stretch while scrolling fast.
    const onScroll = () => flushSync(update);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', update);
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', update);
      observer.disconnect();
    };
  }, [update]);

  return win;
}
