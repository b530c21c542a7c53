// A large customer database downloaded through the panel (ticket + streamed GET .../download)
// against `mariadb-dump` run directly with the same arguments, in the same run, on the same
// MariaDB (MARIADB_URL, default 127.0.0.1:3306). Prints the throughput ratio and the panel's peak
// memory. Sized to ~200 MB of SQL (430,000 rows) so the whole run stays under ~2 minutes here.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { createConnection } from 'mysql2/promise';
import { parseMariadbUrl } from '../apps/server/src/platform/database-server/mariadb-connection.ts';
import { dumpArgs } from '../apps/server/src/platform/database-server/mariadb-dump.ts';
import { fmt } from './lib.ts';
import { PANEL_DOMAIN, startPanel } from './servers/panel.ts';

const ROWS = Number(process.env.BENCH_DUMP_ROWS ?? 430_000);
const ROUNDS = 3;
const MARIADB_URL = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const MB = 1_000_000;

/** Resident and peak memory of a process, from /proc (kB -> MB). */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1000;
  return { rss: kb('VmRSS') / MB, hwm: kb('VmHWM') / MB };
}

async function drain(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

async function direct(name: string): Promise<{ bytes: number; seconds: number }> {
  const target = parseMariadbUrl(MARIADB_URL);
  const start = performance.now();
  // The baseline reads the child's stdout the plain way, as any tool would.
  const proc = spawn('mariadb-dump', dumpArgs(target, name), {
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
    env: { PATH: process.env.PATH, ...(target.password ? { MYSQL_PWD: target.password } : {}) },
  });
  const exit = new Promise<number | null>((resolve) => proc.once('close', resolve));
  const bytes = await drain(proc.stdout);
  if ((await exit) !== 0) throw new Error('mariadb-dump failed');
  return { bytes, seconds: (performance.now() - start) / 1000 };
}

export async function benchDatabasesDump(): Promise<string[]> {
  const app = await startPanel();
  const pid = app.pid;
  const api = `http://127.0.0.1:${app.port}/api/${PANEL_DOMAIN}/webhosting/database`;
  const headers = { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' };
  const root = await createConnection({ uri: MARIADB_URL });
  let name = '';
  try {
    const created = await fetch(api, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'dumpbench' }),
    });
    if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    name = ((await created.json()) as { database: { name: string } }).database.name;
    const genStart = performance.now();
    // The sequence engine's seq_1_to_N tables need a current database.
    await root.query(`USE \`${name}\``);
    await root.query(`CREATE TABLE \`${name}\`.orders (id BIGINT PRIMARY KEY, name VARCHAR(64), email VARCHAR(128),
      body TEXT, amount DECIMAL(10,2), created DATETIME) ENGINE=InnoDB`);
    await root.query(`INSERT INTO \`${name}\`.orders SELECT seq, CONCAT('klant ', seq), CONCAT('klant', seq, '@voorbeeld.test'),
      REPEAT(MD5(seq), 12), seq % 100000 / 100, '2024-01-01' + INTERVAL (seq % 86400) SECOND FROM seq_1_to_${ROWS}`);
    const genSeconds = (performance.now() - genStart) / 1000;

    const before = memory(pid);
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 20);
    const panel = async () => {
      const ticket = await fetch(`${api}/${name}/download-ticket`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      });
      const { ticket: t } = (await ticket.json()) as { ticket: string };
      const start = performance.now();
      // node:http rather than fetch: the client shares the 2 cores, so it should cost as little as the baseline's reader.
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${api}/${name}/download?ticket=${t}`, resolve).once('error', reject),
      );
      if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode}`);
      const bytes = await drain(res);
      return { bytes, seconds: (performance.now() - start) / 1000 };
    };
    const directRuns: { bytes: number; seconds: number }[] = [];
    const panelRuns: { bytes: number; seconds: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      directRuns.push(await direct(name));
      panelRuns.push(await panel());
    }
    clearInterval(sampler);
    const hwm = memory(pid).hwm;
    const rate = (r: { bytes: number; seconds: number }) => r.bytes / MB / r.seconds;
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const d = median(directRuns.map(rate));
    const p = median(panelRuns.map(rate));
    const ratio = p / d;
    const size = panelRuns[0]!.bytes / MB;
    return [
      `${ROWS} rows, dump ${fmt(size, 0)} MB (generated in ${fmt(genSeconds)} s), ${ROUNDS} rounds each, median, loopback, 2 cores`,
      `  mariadb-dump directly: ${fmt(d)} MB/s`,
      `  through the panel (ticket + streamed GET): ${fmt(p)} MB/s, same size: ${panelRuns.every((r) => r.bytes === directRuns[0]!.bytes) ? 'yes' : 'NO'}`,
      `  throughput ratio: ${fmt(ratio, 2)} (target >= 0.8)`,
      `  panel memory: RSS ${fmt(before.rss, 0)} MB at rest, peak ${fmt(peak, 0)} MB while streaming ` +
        `(+${fmt(peak - before.rss, 0)} MB for the download; VmHWM ${fmt(hwm, 0)} MB)`,
      `  -> ratio ${ratio >= 0.8 ? 'met' : 'NOT met'}`,
    ];
  } finally {
    if (name)
      await fetch(`${api}/${name}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      }).catch(() => undefined);
    if (name) await root.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await root.end();
    await app.stop();
  }
}

if (process.argv[1]?.endsWith('databases-dump.ts')) {
  for (const line of await benchDatabasesDump()) console.log(line);
}
