import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { run } from '../../src/lib/process.ts';
import { freePort } from '../free-port.ts';
import { renderPowerDnsConf } from '../../src/platform/supervisor/powerdns-conf.ts';

/**
 * A private PowerDNS authoritative server for the integration tests (test support, not app
 * code): its own SQLite backend in a temp dir, DNS and the HTTP API on free loopback ports,
 * caches off so every answer shows the current zone. `null` when pdns_server is not installed.
 */
export interface TestPowerDns {
  apiUrl: string;
  apiKey: string;
  dnsPort: number;
  /** `dig @127.0.0.1 -p <port> <name> <type> +short`, one answer per line. */
  dig(name: string, type: string): Promise<string[]>;
  stop(): Promise<void>;
}

const PDNS = '/usr/sbin/pdns_server';
const SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';

export async function hasPowerDns(): Promise<boolean> {
  return existsSync(PDNS) && existsSync(SCHEMA);
}

export async function startTestPowerDns(): Promise<TestPowerDns | null> {
  if (!(await hasPowerDns())) return null;
  const dir = await mkdtemp(join(tmpdir(), 'haven-pdns-'));
  const db = new DatabaseSync(join(dir, 'pdns.sqlite3'));
  db.exec(await readFile(SCHEMA, 'utf8'));
  db.close();
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const apiKey = randomBytes(16).toString('hex');
  const conf = renderPowerDnsConf({
    db: join(dir, 'pdns.sqlite3'),
    dir,
    port: dnsPort,
    apiPort,
    apiKey,
  });
  await writeFile(join(dir, 'pdns.conf'), conf);
  const pid = join(dir, 'pdns.pid');
  const started = await run(
    'start-stop-daemon',
    [
      '--start',
      '--background',
      '--make-pidfile',
      '--pidfile',
      pid,
      '--exec',
      PDNS,
      '--',
      `--config-dir=${dir}`,
    ],
    { timeoutMs: 30_000 },
  );
  if (started.code !== 0) throw new Error(`pdns_server did not start: ${started.stderr}`);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const stop = async () => {
    await run('start-stop-daemon', ['--stop', '--pidfile', pid, '--retry', '10'], {
      timeoutMs: 30_000,
    }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
      headers: { 'X-API-Key': apiKey },
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) {
      await stop();
      throw new Error('pdns_server did not answer on its API');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    apiUrl,
    apiKey,
    dnsPort,
    async dig(name, type) {
      const r = await run(
        'dig',
        [`@127.0.0.1`, '-p', String(dnsPort), name, type, '+short', '+tries=2', '+time=2'],
        { timeoutMs: 15_000 },
      );
      if (r.code !== 0) throw new Error(`dig failed: ${r.stderr || r.stdout}`);
      return r.stdout.split('\n').filter(Boolean).sort();
    },
    stop,
  };
}
