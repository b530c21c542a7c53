// What a browser downloads for the login route and for the dashboard on a first visit, and again
// on a repeat visit. Two views of the production build in apps/web/dist:
// - the manifest: the entry, the route's lazy chunks and everything they import statically, JS and
//   CSS, raw, gzip -9 (comparable across compressors) and brotli as served (the build's .br files);
// - Chromium (playwright-core, Debian's /usr/bin/chromium) against the built panel: every response
//   as received (Network.loadingFinished's encodedDataLength: headers and compressed body), and how
//   many requests reach the server on a repeat visit (an immutable asset should not).
// The same-run baseline: each screen as the app painted it, as one static page (servers/floor-page.ts:
// its DOM, its styles inlined, no script), brotli-compressed as a built file is; the app's first
// visit prints as a ratio of its bytes.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { fmt } from './lib.ts';
import { SNAPSHOT } from './servers/floor-page.ts';
import { PANEL_DOMAIN, startPanel } from './servers/panel.ts';

const DIST = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
// Manifest keys, or `chunk:<name>` for a route group's chunk (apps/web/vite-plugins/route-chunks.ts),
// whose modules have no key of their own.
const ROUTES: Record<string, string[]> = {
  login: ['index.html', 'src/features/auth/login-page.tsx', 'chunk:login'],
  dashboard: [
    'index.html',
    'src/app/shell/app-shell.tsx',
    'src/app/shell/domain-guard.tsx',
    'src/features/dashboard/real-dashboard-page.tsx',
    'chunk:shell',
  ],
};
const kB = (bytes: number) => `${fmt(bytes / 1000)} kB`;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/** The route's JS and CSS files by the manifest's static import graph. */
function routeFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  const keyOf = (module: string): string[] =>
    module.startsWith('chunk:')
      ? Object.keys(manifest).filter(
          (key) => key.startsWith('_') && manifest[key]?.name === module.slice('chunk:'.length),
        )
      : [module];
  modules.flatMap(keyOf).forEach(visit);
  return [...files];
}

function fromManifest(): string[] {
  const manifestFile = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    return ['apps/web/dist/.vite/manifest.json missing, run `npm run build` first'];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const lines: string[] = [];
  for (const [route, modules] of Object.entries(ROUTES)) {
    const sizes = routeFiles(manifest, modules).map((f) => {
      const bytes = readFileSync(join(DIST, f));
      const br = existsSync(join(DIST, `${f}.br`))
        ? readFileSync(join(DIST, `${f}.br`)).length
        : bytes.length;
      return {
        f,
        css: f.endsWith('.css'),
        raw: bytes.length,
        gz: gzipSync(bytes, { level: 9 }).length,
        br,
      };
    });
    const sum = (list: typeof sizes, key: 'raw' | 'gz' | 'br') =>
      list.reduce((a, s) => a + s[key], 0);
    const js = sizes.filter((s) => !s.css);
    const css = sizes.filter((s) => s.css);
    lines.push(
      `${route} route (manifest): ${js.length} JS files ${kB(sum(js, 'raw'))} raw, ${kB(sum(js, 'gz'))} gzip -9, ${kB(sum(js, 'br'))} brotli as served; ` +
        `${css.length} CSS ${kB(sum(css, 'raw'))} raw, ${kB(sum(css, 'gz'))} gzip, ${kB(sum(css, 'br'))} brotli`,
    );
    lines.push(
      ...sizes
        .sort((a, b) => b.br - a.br)
        .slice(0, 4)
        .map((s) => `  ${s.f}: ${kB(s.raw)} raw, ${kB(s.br)} br`),
    );
  }
  return lines;
}

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  cached: boolean;
  status: number;
}

/** Every request of one navigation, as Chromium's network layer saw it. */
async function visit(page: Page, url: string, ready: () => Promise<unknown>): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (e) =>
    byId.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      bytes: 0,
      cached: false,
      status: 0,
    }),
  );
  cdp.on(
    'Network.requestServedFromCache',
    (e) => byId.get(e.requestId) && (byId.get(e.requestId)!.cached = true),
  );
  cdp.on('Network.responseReceived', (e) => {
    const t = byId.get(e.requestId);
    if (!t) return;
    t.status ||= e.response.status;
    t.cached ||= Boolean(e.response.fromDiskCache);
  });
  // The status on the wire: a revalidated answer is reported above as the cached 200.
  cdp.on(
    'Network.responseReceivedExtraInfo',
    (e) => byId.get(e.requestId) && (byId.get(e.requestId)!.status = e.statusCode),
  );
  cdp.on(
    'Network.loadingFinished',
    (e) => byId.get(e.requestId) && (byId.get(e.requestId)!.bytes = e.encodedDataLength),
  );
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready();
  await cdp.detach();
  return [...byId.values()].filter((t) => !t.url.startsWith('data:'));
}

const received = (transfers: Transfer[]) =>
  transfers.filter((t) => !t.cached).reduce((a, t) => a + t.bytes, 0);

/** The screen on `page` as a static page (servers/floor-page.ts), and its bytes as brotli. */
async function floorBytes(page: Page): Promise<number> {
  const html = (await page.evaluate(SNAPSHOT)) as string;
  return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

const floorLine = (first: Transfer[], floor: number) =>
  `  the static page of the same screen: ${kB(floor)} brotli; first visit x${fmt(received(first) / floor, 1)} its bytes`;

function describe(label: string, transfers: Transfer[]): string {
  const net = transfers.filter((t) => !t.cached);
  const by = (types: string[]) =>
    net.filter((t) => types.includes(t.type)).reduce((a, t) => a + t.bytes, 0);
  const total = net.reduce((a, t) => a + t.bytes, 0);
  const revalidated = net.filter((t) => t.status === 304).length;
  return (
    `  ${label}: ${net.length} requests to the server (${revalidated} answered 304, ${transfers.length - net.length} from cache), ${kB(total)} received: ` +
    `JS ${kB(by(['Script']))}, CSS ${kB(by(['Stylesheet']))}, document ${kB(by(['Document']))}, API ${kB(by(['Fetch', 'XHR']))}, other ${kB(total - by(['Script', 'Stylesheet', 'Document', 'Fetch', 'XHR']))}`
  );
}

async function inChromium(): Promise<string[]> {
  const panel = await startPanel();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const base = `http://127.0.0.1:${panel.port}`;
    const lines = [
      `Chromium against the built panel; load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')} on ${cpus().length} cores`,
    ];
    const login = await browser.newContext({ locale: 'nl-NL' });
    const loginPage = await login.newPage();
    const loginReady = () => loginPage.getByLabel(/gebruikersnaam|username/i).waitFor();
    // The login page is `/` (`/login` is no route: it matched the logged-in catch-all and loaded the shell).
    const loginFirst = await visit(loginPage, `${base}/`, loginReady);
    lines.push(describe('login, first visit', loginFirst));
    lines.push(floorLine(loginFirst, await floorBytes(loginPage)));
    lines.push(describe('login, repeat visit', await visit(loginPage, `${base}/`, loginReady)));
    await login.close();

    const dashboard = await browser.newContext({ locale: 'nl-NL' });
    // A logged-in customer: the token as the login form leaves it, set once (the app refreshes it).
    await dashboard.addInitScript(
      ([token, domain]) => {
        if (!localStorage.getItem('user-token')) localStorage.setItem('user-token', token!);
        localStorage.setItem('user-domain', domain!);
      },
      [panel.token, PANEL_DOMAIN],
    );
    const page = await dashboard.newPage();
    const dashboardReady = () => page.waitForURL(/\/dashboard/);
    const dashboardFirst = await visit(page, `${base}/dashboard`, dashboardReady);
    lines.push(describe('dashboard, first visit', dashboardFirst));
    // The dashboard's figures are in once the network is idle (visit waits for it).
    lines.push(floorLine(dashboardFirst, await floorBytes(page)));
    lines.push(
      describe('dashboard, repeat visit', await visit(page, `${base}/dashboard`, dashboardReady)),
    );
    await dashboard.close();
    return lines;
  } finally {
    await browser.close();
    await panel.stop();
  }
}

export async function benchBundle(): Promise<string[]> {
  const lines = fromManifest();
  const server = join(import.meta.dirname, '..', 'apps', 'server', 'dist', 'main.mjs');
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(server))
    return [...lines, 'Chromium: skipped, run `npm run build` first'];
  return [...lines, ...(await inChromium())];
}
