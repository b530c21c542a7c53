// The panel's read routes under load as production runs them: the built server with `npm start`'s
// node flags, logging at its default level, on SQLite and on PostgreSQL, 200 customers each with
// their own session (so no one token or domain sits hot in a cache), a mix of the calls the
// panel's screens make, 50 connections. The same-run baseline: node:http answering the same
// routes with the panel's own answers (servers/plain-json.ts), its rounds interleaved with the
// panel's; the panel's req/s and CPU per request print as ratios to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fmt } from './lib.ts';
import { seedCustomers, type BenchUser } from './servers/customers.ts';
import {
  proxySocketEnv,
  startNginxProxy,
  type NginxProxy,
  type ProxyMode,
} from './servers/nginx-proxy.ts';
import { startPanel, WORKERS, type BenchDatabase, type Panel } from './servers/panel.ts';
import { routeKey, startPlainJson, type PlainJson } from './servers/plain-json.ts';
import { settle, treeCpuMs } from './servers/settle.ts';
import { machineBusyMs, postgresCpuMs, processCpuMs as cpuMs } from './servers/cpu.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = 50;
const DATABASES = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',') as BenchDatabase[];
// Another build to measure the same way (a directory with its dist/ and package.json, e.g. a copy of
// apps/server before a change), so two builds can alternate run by run.
const SERVER = process.env.BENCH_SERVER;
// BENCH_WORKERS=N (servers/workers.ts) runs the panel in N processes: what a second process would
// give the read mix, a measurement for a design question, not how Haven runs.
// BENCH_VIA=nginx sends the load through nginx configured as docs/operations.md says (upstream
// connections kept); BENCH_VIA=nginx-close through a bare proxy_pass (a new connection a request).
const VIA = process.env.BENCH_VIA;
const PROXY: ProxyMode | undefined =
  VIA === 'nginx' ? 'keepalive' : VIA === 'nginx-close' ? 'close' : undefined;
if (VIA && !PROXY) throw new Error(`BENCH_VIA=${VIA}: nginx or nginx-close`);
// Each worker of a cluster would open (and take over) the same proxy socket.
if (PROXY && WORKERS > 1) throw new Error('BENCH_VIA with BENCH_WORKERS: not measured');

/** What the dashboard, domain list, webhosting, DNS, databases, web users and file manager screens ask. */
const ROUTES: ((domain: string) => string)[] = [
  () => '/api/user',
  () => '/api/domain',
  (d) => `/api/${d}/notification`,
  (d) => `/api/${d}/webhosting/subdomain`,
  (d) => `/api/${d}/webhosting/dns`,
  (d) => `/api/${d}/webhosting/database`,
  (d) => `/api/${d}/webhosting/webuser`,
  (d) => `/api/${d}/webhosting/filemanager/list?path=%2F`,
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
/** The value at quantile q of an ascending list (nearest rank). */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

/** The panel's CPU time so far in ms (with BENCH_WORKERS, of the cluster's processes). */
const panelCpuMs = (panel: Panel): number =>
  panel.nodePids().reduce((ms, pid) => ms + cpuMs(pid), 0);

interface Round {
  rps: number;
  p50: number;
  requests: number;
  failed: number;
}

/** Response times in ms by index in ROUTES, to say which route the mix's tail is made of. */
type ByRoute = number[][];

interface RouteContext {
  route?: number;
}

/** One round: every request a random customer's random route, with that customer's token. */
async function round(
  port: number,
  users: BenchUser[],
  routes = ROUTES,
  seconds = SECONDS,
  byRoute?: ByRoute,
): Promise<Round> {
  // autocannon calls onResponse and then the client's 'response' event (with the response time)
  // in one synchronous step, so the route of the answer just recorded is passed between them here.
  let answered = -1;
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) =>
      client.on('response', (_status, _bytes, ms) => {
        if (byRoute && answered >= 0) byRoute[answered]!.push(ms);
      }),
    requests: [
      {
        setupRequest: (req, context: RouteContext) => {
          const user = pick(users);
          const route = pick(routes);
          context.route = routes === ROUTES ? ROUTES.indexOf(route) : -1;
          return {
            ...req,
            method: 'GET',
            path: route(user.domain),
            headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip' },
          };
        },
        onResponse: (_status, _body, context: RouteContext) =>
          void (answered = context.route ?? -1),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    requests: r.requests.total,
    failed: r.non2xx + r.errors,
  };
}

/**
 * Every route answers 200 for a customer before the load starts (a 4xx would flatter the figures);
 * its answers, by route, are what the baseline serves.
 */
async function checkRoutes(port: number, user: BenchUser): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const route of ROUTES) {
    const path = route(user.domain);
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    answers[routeKey(path)] = await res.text();
  }
  return answers;
}

async function benchOne(database: BenchDatabase): Promise<string[]> {
  let users: BenchUser[] = [];
  const seedStart = performance.now();
  // BENCH_LOG_LEVEL is for a diagnosis (what logging costs); the figures run at the default.
  const level = process.env.BENCH_LOG_LEVEL;
  const socket = PROXY ? proxySocketEnv() : undefined;
  const env = { ...(level ? { LOG_LEVEL: level } : {}), ...socket?.env };
  const panel = await startPanel(env, {
    database,
    ...(SERVER ? { server: SERVER } : {}),
    prepare: async (env) => void (users = await seedCustomers(env, USERS)),
  });
  let proxy: NginxProxy | undefined;
  let plain: PlainJson | undefined;
  const temp = mkdtempSync(join(tmpdir(), 'haven-api-mix-'));
  try {
    const seeded = (performance.now() - seedStart) / 1000;
    const settled = await settle(panel.pid);
    proxy = PROXY && socket ? await startNginxProxy(socket.path, PROXY) : undefined;
    const port = proxy?.port ?? panel.port;
    plain = await startPlainJson(await checkRoutes(port, users[0]!), join(temp, 'answers.json'));
    await round(port, users); // warm-up: the JIT, the connection pool, the page cache
    await round(plain.port, users);
    const rounds: Round[] = [];
    const plainRounds: Round[] = [];
    const plainCpu: number[] = [];
    const byRoute: ByRoute = ROUTES.map(() => []);
    const cpu: number[] = [];
    const pgCpu: number[] = [];
    const machineCpu: number[] = [];
    const proxyCpu: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // The baseline's round first on odd rounds, so neither always follows the other.
      const plainRound = async () => {
        const before = cpuMs(plain!.pid);
        const r = await round(plain!.port, users);
        plainCpu.push(((cpuMs(plain!.pid) - before) * 1000) / Math.max(1, r.requests));
        plainRounds.push(r);
      };
      if (i % 2) await plainRound();
      const proxyMs = () => (proxy ? treeCpuMs(proxy.pid) : 0);
      const before = [panelCpuMs(panel), postgresCpuMs(), machineBusyMs(), proxyMs()] as const;
      const r = await round(port, users, ROUTES, SECONDS, byRoute);
      const perRequest = (ms: number) => (ms * 1000) / Math.max(1, r.requests);
      cpu.push(perRequest(panelCpuMs(panel) - before[0]));
      pgCpu.push(perRequest(postgresCpuMs() - before[1]));
      machineCpu.push(perRequest(machineBusyMs() - before[2]));
      proxyCpu.push(perRequest(proxyMs() - before[3]));
      rounds.push(r);
      if (!(i % 2)) await plainRound();
    }
    // Which route costs, when one does: each alone, one round; CPU per request hardly moves with others' load.
    const perRoute: string[] = [];
    for (const route of ROUTES) {
      const before = panelCpuMs(panel);
      const r = await round(port, users, [route], 1);
      const us = ((panelCpuMs(panel) - before) * 1000) / Math.max(1, r.requests);
      perRoute.push(`${route('{d}').split('?')[0]} ${fmt(us, 0)} µs`);
    }
    // Each route's p50 over all the mix's rounds (not alone): which route a click waits longest for.
    const inMix = ROUTES.map((route, i) => {
      const sorted = byRoute[i]!.sort((a, b) => a - b);
      return `${route('{d}').split('?')[0]} ${fmt(quantile(sorted, 0.5), 1)} ms (${sorted.length})`;
    });
    const rps = median(rounds.map((r) => r.rps));
    const plainRps = median(plainRounds.map((r) => r.rps));
    const failed = rounds.reduce((n, r) => n + r.failed, 0);
    const total = rounds.reduce((n, r) => n + r.requests, 0);
    return [
      `${database}${SERVER ? ` (${SERVER})` : ''}${PROXY ? ` through nginx (${PROXY === 'keepalive' ? 'upstream connections kept' : 'a connection a request'})` : ''}${WORKERS > 1 ? ` in ${WORKERS} processes (BENCH_WORKERS)` : ''}: ${USERS} customers (made in ${fmt(seeded, 0)} s, start settled in ${fmt(settled, 0)} s), ${ROUTES.length} read routes mixed at random, ` +
        `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, logging at ${level ?? 'info (default)'}`,
      `  median ${fmt(rps, 0)} req/s, p50 ${median(rounds.map((r) => r.p50))} ms ` +
        `(req/s by round ${rounds.map((r) => fmt(r.rps, 0)).join(', ')}); non-2xx or errors ${failed} of ${total}`,
      `  panel CPU per request: median ${fmt(median(cpu), 0)} µs ` +
        `(rounds: ${cpu.map((us) => fmt(us, 0)).join(', ')}); ` +
        (database === 'postgres' ? `PostgreSQL ${fmt(median(pgCpu), 0)} µs; ` : '') +
        (proxy ? `nginx ${fmt(median(proxyCpu), 0)} µs; ` : '') +
        `the machine (load generator included) ${fmt(median(machineCpu), 0)} µs`,
      `  baseline, node:http with the same answers, interleaved: ${fmt(plainRps, 0)} req/s, ` +
        `p50 ${median(plainRounds.map((r) => r.p50))} ms, ${fmt(median(plainCpu), 0)} µs CPU per request`,
      `  ratios to the baseline: req/s x${fmt(rps / plainRps, 2)}, CPU per request x${fmt(median(cpu) / median(plainCpu), 1)}`,
      `  each route in the mix (p50, answers): ${inMix.join('; ')}`,
      `  each route alone (panel CPU per request): ${perRoute.join('; ')}`,
    ];
  } finally {
    await plain?.stop();
    await proxy?.stop();
    await panel.stop();
    rmSync(temp, { recursive: true, force: true });
    socket?.remove();
  }
}

export async function benchApiMix(): Promise<string[]> {
  const out = [
    `load average ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')} on ${cpus().length} cores (shared: noisy)`,
  ];
  for (const database of DATABASES) out.push(...(await benchOne(database)));
  return out;
}

if (process.argv[1]?.endsWith('api-mix.ts')) {
  for (const line of await benchApiMix()) console.log(line);
}
