// Scripts that bench/list-paint.ts runs inside the page (strings: the bench compiles without the
// DOM library). Each resolves in the task after the next animation frame, i.e. once painted.

/** Installed before the app's scripts: resolves when a link of a list row (`selector`) is painted. */
export const firstRowWatch = (selector: string) => `
window.__listFirstRow = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(selector)})) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

export interface FirstRow {
  painted: number;
  rows: number;
  elements: number;
}

export const firstRowResult = (selector: string) => `
(async () => ({
  painted: await window.__listFirstRow,
  rows: document.querySelectorAll(${JSON.stringify(selector)}).length,
  elements: document.getElementsByTagName('*').length,
}))()`;

/**
 * Clicks the row link whose text is \`name\` (a client-side navigation); ms until the detail
 * screen shows the name as its heading and no loader is left, painted.
 */
export const openDetail = (selector: string, name: string) => `
(() => {
  const link = [...document.querySelectorAll(${JSON.stringify(selector)})].find((a) => a.textContent === ${JSON.stringify(name)});
  const start = performance.now();
  link.click();
  return new Promise((resolve) => {
    const check = () => {
      const h1 = document.querySelector('h1');
      if (h1 && h1.textContent === ${JSON.stringify(name)} && !document.querySelector('.mantine-Loader-root'))
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
      else requestAnimationFrame(check);
    };
    check();
  });
})()`;
