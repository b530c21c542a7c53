// Scripts that bench/dns-paint.ts runs inside the page (strings: the bench compiles without the
// DOM library). Each resolves in the task after the next animation frame, i.e. once painted.

/** Installed before the app's scripts: resolves when the first DNS record row has been painted. */
export const FIRST_ROW_WATCH = `
window.__dnsFirstRow = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="dns-row"]')) {
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

export const FIRST_ROW_RESULT = `
(async () => ({
  painted: await window.__dnsFirstRow,
  rows: document.querySelectorAll('[data-testid="dns-row"]').length,
  elements: document.getElementsByTagName('*').length,
}))()`;

/** Polls each animation frame until \`test\` holds, then resolves with ms since \`start\` once painted. */
const until = (test: string) => `
new Promise((resolve) => {
  const check = () => {
    if (${test}) setTimeout(() => resolve(performance.now() - start));
    else requestAnimationFrame(check);
  };
  check();
})`;

/** Clicks the edit button of the row of \`name\`; ms until the dialog's form is painted. */
export const openEdit = (name: string) => `
(() => {
  const row = [...document.querySelectorAll('[data-testid="dns-row"]')].find((r) => r.textContent.startsWith(${JSON.stringify(name)}));
  const start = performance.now();
  row.querySelector('button').click();
  return (${until(`document.querySelector('[role="dialog"] button[type="submit"]')`)});
})()`;

/**
 * Submits the open dialog; ms until the row of \`name\` shows \`value\`, and the ms of the change
 * request itself within that (from Resource Timing: the only URL that ends in /dns/<id>).
 */
export const saveEdit = (name: string, value: string) => `
(() => {
  const start = performance.now();
  document.querySelector('[role="dialog"] button[type="submit"]').click();
  return (${until(`[...document.querySelectorAll('[data-testid="dns-row"]')].some((r) => r.textContent.startsWith(${JSON.stringify(name)}) && r.textContent.includes(${JSON.stringify(value)}))`)}).then((shown) => {
    const post = performance.getEntriesByType('resource').filter((e) => /\\/dns\\/\\d+$/.test(e.name)).at(-1);
    return { shown, request: post ? post.duration : 0 };
  });
})()`;

export interface Saved {
  shown: number;
  request: number;
}
