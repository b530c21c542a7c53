// The browser benches' same-run baseline: the screen the app painted, as one static HTML file (its
// DOM once rendered, its styles inlined, no script, no API call) from node:http on this machine.
// The app's time over this page's, measured the same way and interleaved, is what the app's way of
// getting there costs on top of painting the same thing.
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/** Evaluated in the rendered page: its HTML without scripts, the styles in use inlined. */
export const SNAPSHOT = `
(() => {
  const root = document.documentElement.cloneNode(true);
  root.querySelectorAll('script, link[rel="modulepreload"], link[rel="stylesheet"], link[rel="preload"], style').forEach((n) => n.remove());
  const css = [...document.styleSheets].map((sheet) => {
    try { return [...sheet.cssRules].map((rule) => rule.cssText).join('\\n'); } catch { return ''; }
  }).join('\\n');
  const style = document.createElement('style');
  style.textContent = css;
  root.querySelector('head').appendChild(style);
  return '<!doctype html>' + root.outerHTML;
})()`;

export interface FloorPage {
  url: string;
  stop: () => Promise<void>;
}

/** Serves `html` (brotli when asked, compressed once as a built file is) for every path. */
export async function startFloorPage(html: string): Promise<FloorPage> {
  const raw = Buffer.from(html);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const server: Server = createServer((req, res) => {
    const packed = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...(packed ? { 'content-encoding': 'br' } : {}),
    });
    res.end(packed ? br : raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
