// A hosting node with 1,000 domains beside one with 10, in the same run (issue #43): each node is
// the web-server adapter over its own nginx and PHP-FPM (started here as the local node's
// supervisor starts them: the version's master, then one master per domain), in a temp dir on
// free ports. Printed per node: a PHP setting change saved until served (p50/p99), ten changes
// by ten customers at once (slowest), adding a domain until its page answers, and what a client
// of another site sees while changes run (non-200 answers, added wait). A PHP setting lives in the
// subdomain's pool: whether nginx was reloaded by the setting changes is printed too.
//   sudo node --import tsx bench/node-1000.ts   (BENCH_NODE_DOMAINS=1000, BENCH_NODE_CHANGES=20)
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../apps/server/src/lib/process.ts';
import { nginxService } from '../apps/server/src/platform/supervisor/nginx.service.ts';
import { phpFpmService } from '../apps/server/src/platform/supervisor/php-fpm.service.ts';
import { stopMasters } from '../apps/server/src/platform/web-server/fpm-masters.ts';
import { localLayout } from '../apps/server/src/platform/web-server/layout.ts';
import { findPhpVersions } from '../apps/server/src/platform/web-server/php-versions.ts';
import { createNginxWebServer } from '../apps/server/src/platform/web-server/web-server.nginx.ts';
import type {
  DomainSite,
  WebServer,
} from '../apps/server/src/platform/web-server/web-server.port.ts';

const BIG = Number(process.env.BENCH_NODE_DOMAINS ?? 1000);
const CHANGES = Number(process.env.BENCH_NODE_CHANGES ?? 20);
const php = (await findPhpVersions()).at(-1);
if (!php || process.getuid?.() !== 0) throw new Error('needs root, nginx and php-fpm');
const runAs = { user: 'www-data', group: 'www-data' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const ms = (n: number) => `${Math.round(n)} ms`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** One GET with a Host header; status 0 when the connection failed. */
function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host }, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end();
  });
}

interface Node {
  name: string;
  web: WebServer;
  port: number;
  /** nginx's worker pids: a reload replaces them. */
  nginxWorkers(): Promise<string>;
  site(id: number, memory?: string): DomainSite;
  addHome(id: number): Promise<void>;
  stop(): Promise<void>;
}

async function startNode(name: string): Promise<Node> {
  const dir = await mkdtemp(join(tmpdir(), `haven-node-${name}-`));
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'web'), { mode: 0o755 });
  const port = await freePort();
  const layout = localLayout(join(dir, 'web'), [`127.0.0.1:${port}`], runAs);
  const procs: ChildProcess[] = [];
  const services = [
    phpFpmService(php!, layout, runAs, join(dir, 'services', 'php')),
    nginxService(layout, port, join(dir, 'services', 'nginx')),
  ];
  for (const svc of services) {
    await mkdir(join(dir, 'services', svc.name === 'nginx' ? 'nginx' : 'php'), { recursive: true });
    await svc.prepare();
    const { cmd, args } = svc.command();
    procs.push(spawn(cmd, args, { stdio: 'ignore' }));
    while (!(await svc.healthy())) await sleep(50);
  }
  // As platform/data-dir leaves it for the web account's group: nginx's workers reach the sockets.
  await chmod(layout.socketDir, 0o755);
  const home = (id: number) => join(dir, 'homes', `d${id}.test`);
  return {
    name,
    port,
    web: createNginxWebServer({ layout, log: () => undefined }),
    async nginxWorkers() {
      const master = (await readFile(layout.nginx.pidFile, 'utf8')).trim();
      return (await run('pgrep', ['-P', master], { timeoutMs: 5000 })).stdout.trim();
    },
    site: (id, memory = '128M') => ({
      domainId: id,
      domain: `d${id}.test`,
      home: home(id),
      owner: null,
      subdomains: [
        {
          name: 'www',
          hostnames: [`www.d${id}.test`, `d${id}.test`],
          docroot: join(home(id), 'httpdocs'),
          php: php!.value,
          ini: { memory_limit: memory },
          protectedDirs: [],
        },
      ],
    }),
    async addHome(id) {
      await mkdir(join(home(id), 'logs'), { recursive: true });
      await mkdir(join(home(id), 'httpdocs'), { recursive: true });
      await writeFile(join(home(id), 'httpdocs', 'ini.php'), '<?php echo ini_get("memory_limit");');
      await writeFile(
        join(home(id), 'httpdocs', 'slow.php'),
        '<?php usleep(1000000); echo "done";',
      );
    },
    async stop() {
      for (const p of procs.reverse()) p.kill('SIGTERM');
      await stopMasters(layout.php.masterDir(php!.version) ?? '');
      await sleep(500);
      if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Until the domain's page shows the memory_limit (the change is served); ms since `from`. */
async function served(node: Node, id: number, memory: string, from: number): Promise<number> {
  for (;;) {
    const r = await get(node.port, `d${id}.test`, '/ini.php');
    if (r.body === memory) return performance.now() - from;
    if (performance.now() - from > 30_000)
      throw new Error(`d${id}.test never served ${memory}: ${r.status} ${r.body.slice(0, 200)}`);
    await sleep(5);
  }
}

async function fill(node: Node, count: number): Promise<number> {
  const started = performance.now();
  for (let first = 1; first <= count; first += 50) {
    const ids = Array.from({ length: Math.min(50, count - first + 1) }, (_, i) => first + i);
    for (const id of ids) await node.addHome(id);
    await Promise.all(ids.map((id) => node.web.applySite(node.site(id))));
  }
  return performance.now() - started;
}

let round = 0;
async function settingChanges(node: Node, count: number, domains: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const id = 1 + ((i * 37) % Math.min(count, domains));
    const memory = `${130 + (round++ % 500)}M`;
    const t = performance.now();
    await node.web.applySite(node.site(id, memory));
    out.push(await served(node, id, memory, t));
  }
  return out;
}

async function tenAtOnce(node: Node, count: number): Promise<number> {
  const t = performance.now();
  const memory = `${130 + (round++ % 500)}M`;
  const ids = Array.from({ length: 10 }, (_, i) => 1 + ((i * 97) % count));
  const times = await Promise.all(
    ids.map(async (id) => {
      await node.web.applySite(node.site(id, memory));
      return served(node, id, memory, t);
    }),
  );
  return Math.max(...times);
}

async function adds(node: Node, from: number): Promise<number[]> {
  const out: number[] = [];
  for (let id = from; id < from + 5; id++) {
    await node.addHome(id);
    const t = performance.now();
    await node.web.applySite(node.site(id));
    out.push(await served(node, id, '128M', t));
  }
  return out;
}

/** A client of the watched domain (a 1 s PHP request at a time, fast requests beside it) while `work` runs. */
async function watched(node: Node, watch: number, work: () => Promise<void>) {
  let running = true;
  const fast: number[] = [];
  let bad = 0;
  let slowDone = 0;
  const slow = (async () => {
    while (running) {
      const r = await get(node.port, `d${watch}.test`, '/slow.php');
      if (r.status !== 200 || r.body !== 'done') bad += 1;
      else slowDone += 1;
    }
  })();
  const quick = (async () => {
    while (running) {
      const t = performance.now();
      const r = await get(node.port, `d${watch}.test`, '/ini.php');
      fast.push(performance.now() - t);
      if (r.status !== 200) bad += 1;
      await sleep(10);
    }
  })();
  await work().finally(() => (running = false));
  await Promise.all([slow, quick]);
  return { bad, slowDone, fast };
}

const nodes = [await startNode('big'), await startNode('small')];
const [big, small] = nodes as [Node, Node];
const lines: string[] = [];
try {
  // One domain more than counted: the watched site, which no change touches.
  console.error('filling the nodes');
  const filled = await fill(big, BIG + 1);
  await fill(small, 11);
  lines.push(`${BIG} domains added in ${(filled / 1000).toFixed(1)} s (50 at a time)`);
  for (const [node, count] of [
    [small, 10],
    [big, BIG],
  ] as const) {
    const base = await watched(node, count + 1, async () => {
      await sleep(3000);
    });
    const during = await watched(node, count + 1, async () => {
      const workers = await node.nginxWorkers();
      const s = await settingChanges(node, count, count);
      const nginx = (await node.nginxWorkers()) === workers ? 'not reloaded' : 'reloaded';
      const ten = [await tenAtOnce(node, count), await tenAtOnce(node, count)];
      // Pool changes too: the domain's master and nginx reload (a new system user's ids).
      for (let i = 0; i < 5; i++)
        await node.web.applySite(node.site(1 + ((i * 3) % count)), { reload: true });
      lines.push(
        `${node.name} node (${count} domains): setting change served p50 ${ms(q(s, 0.5))}, p99 ${ms(q(s, 0.99))} (nginx ${nginx}); ten at once: slowest ${ms(Math.max(...ten))}`,
      );
    });
    const add = await adds(node, count + 2);
    lines.push(
      `  add a domain until served: median ${ms(q(add, 0.5))}; another site meanwhile: ${during.bad} non-200, ${during.slowDone} slow requests whole, fast p50 ${ms(q(during.fast, 0.5))} p99 ${ms(q(during.fast, 0.99))} max ${ms(Math.max(...during.fast))} (idle: p99 ${ms(q(base.fast, 0.99))} max ${ms(Math.max(...base.fast))})`,
    );
  }
} finally {
  for (const n of nodes) await n.stop();
}
for (const l of lines) console.log(l);
