// Scripts that bench/filemanager-paint.ts runs inside the page. They are strings: the bench is
// compiled without the DOM library, and the browser runs them as they are.

/** Installed before the app's own scripts: resolves when the first listing row has been painted. */
export const FIRST_ROW_WATCH = `
window.__fmFirstRow = new Promise((resolve) => {
  const seen = () => {
    const inserted = performance.now();
    // A task queued from the next animation frame runs after that frame is painted.
    requestAnimationFrame(() => setTimeout(() => resolve({ inserted, painted: performance.now() })));
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('tr[data-entry]')) {
      observer.disconnect();
      seen();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

export interface FirstRow {
  inserted: number;
  painted: number;
  /** The list request, from Resource Timing: start, first byte and end, in ms since navigation. */
  list: { start: number; firstByte: number; end: number; bytes: number };
  rows: number;
  heapMb: number;
}

export const FIRST_ROW_RESULT = `
(async () => {
  const row = await window.__fmFirstRow;
  const list = performance.getEntriesByType('resource').find((e) => e.name.includes('/filemanager/list'));
  return {
    ...row,
    list: { start: list.startTime, firstByte: list.responseStart, end: list.responseEnd, bytes: list.decodedBodySize },
    rows: document.querySelectorAll('tr[data-entry]').length,
    heapMb: (performance.memory?.usedJSHeapSize ?? 0) / 1e6,
  };
})()`;

/** Jumps to the end of the page; resolves with the ms until the last row is painted in view. */
export const scrollToBottom = (lastName: string) => `
new Promise((resolve) => {
  const start = performance.now();
  window.scrollTo(0, document.documentElement.scrollHeight);
  const check = () => {
    const row = document.querySelector('tr[data-entry="${lastName}"]');
    if (row && row.getBoundingClientRect().bottom <= window.innerHeight + 1) setTimeout(() => resolve(performance.now() - start));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

export interface ScrollRun {
  /** ms between animation frames while scrolling. */
  gaps: number[];
  /** Frames in which the probe point, three quarters down the viewport, showed no row. */
  blank: number;
}

/** Scrolls `step` px per animation frame for `frames` frames from the top of the page. */
export const scrollThrough = (step: number, frames: number) => `
new Promise((resolve) => {
  window.scrollTo(0, 0);
  const gaps = [];
  let blank = 0;
  let previous = 0;
  let n = 0;
  const tick = (now) => {
    if (previous) gaps.push(now - previous);
    previous = now;
    const probe = document.elementFromPoint(window.innerWidth * 0.6, window.innerHeight * 0.75);
    if (n > 0 && !probe?.closest('tr[data-entry]')) blank += 1;
    if (n++ >= ${frames}) return resolve({ gaps, blank });
    window.scrollBy(0, ${step});
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(() => requestAnimationFrame(tick));
})`;
