// A PowerDNS authoritative server for the nodes bench, as the local node's supervisor configures
// it (renderPowerDnsConf: gsqlite3, API on, caches off) but listening on a given address: the
// namespace's own one, so a client on the host asks the node as a visitor would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { renderPowerDnsConf } from '../../apps/server/src/platform/supervisor/powerdns-conf.ts';

const PDNS = '/usr/sbin/pdns_server';
const SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';

export interface PdnsNode {
  address: string;
  dnsPort: number;
  apiUrl: string;
  apiKey: string;
  pid: number;
  /** The end of what pdns_server said (diagnosis). */
  output(): string;
  stop(): Promise<void>;
}

export interface PdnsOptions {
  dir: string;
  address: string;
  dnsPort: number;
  apiPort: number;
  /** Prefixes the command (`ip netns exec <ns>`); the host when absent. */
  wrap?: (argv: string[]) => string[];
}

export async function startPdns(o: PdnsOptions): Promise<PdnsNode> {
  await mkdir(o.dir, { recursive: true });
  const dbFile = join(o.dir, 'pdns.sqlite3');
  const db = new DatabaseSync(dbFile);
  db.exec(await readFile(SCHEMA, 'utf8'));
  db.close();
  const apiKey = randomBytes(16).toString('hex');
  const conf = renderPowerDnsConf({
    db: dbFile,
    dir: o.dir,
    port: o.dnsPort,
    apiPort: o.apiPort,
    apiKey,
  })
    .replace('local-address=127.0.0.1', `local-address=${o.address}`)
    .replace('webserver-address=127.0.0.1', `webserver-address=${o.address}`)
    .replace('webserver-allow-from=127.0.0.0/8', 'webserver-allow-from=127.0.0.0/8,10.0.0.0/8');
  await writeFile(join(o.dir, 'pdns.conf'), conf);
  const argv = (o.wrap ?? ((a: string[]) => a))([PDNS, `--config-dir=${o.dir}`]);
  // `ip netns exec` execs the command: the child's pid is pdns_server's own.
  const child: ChildProcess = spawn(argv[0]!, argv.slice(1), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const apiUrl = `http://${o.address}:${o.apiPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    await rm(o.dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
      headers: { 'X-API-Key': apiKey },
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 300) {
      await stop();
      throw new Error(`pdns_server did not answer on ${apiUrl}: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    address: o.address,
    dnsPort: o.dnsPort,
    apiUrl,
    apiKey,
    pid: child.pid ?? 0,
    output: () => err,
    stop,
  };
}
