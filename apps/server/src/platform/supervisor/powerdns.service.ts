import { randomBytes } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { fileExists, findBinary } from './binaries.ts';
import { answers } from './health.ts';
import type { SupervisedService } from './service.ts';
import { renderPowerDnsConf } from './powerdns-conf.ts';

/** Where Debian's pdns-backend-sqlite3 puts its schema (the first that exists is used). */
const SCHEMAS = [
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
];

export interface PowerDnsService extends SupervisedService {
  /** The HTTP API the DNS area's PowerDNS adapter talks to. */
  apiUrl: string;
  /** Read (or made) by prepare(); kept 0600 in services/pdns/api-key. */
  apiKey(): Promise<string>;
}

/**
 * The authoritative PowerDNS server with the gsqlite3 backend (a database in services/pdns/,
 * made from Debian's schema on first start) and its HTTP API on loopback. Caches are off so
 * `dig` shows every change at once, as the panel promises.
 */
export function powerDnsService(port: number, apiPort: number, dir: string): PowerDnsService {
  let binary = 'pdns_server';
  const db = join(dir, 'pdns.sqlite3');
  const keyFile = join(dir, 'api-key');
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  async function apiKey(): Promise<string> {
    const kept = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
    if (kept) return kept;
    const key = randomBytes(24).toString('hex');
    await writeFileAtomic(keyFile, `${key}\n`, 0o600);
    return key;
  }

  async function schema(): Promise<string | null> {
    for (const path of SCHEMAS) if (await fileExists(path)) return path;
    return null;
  }

  return {
    name: 'pdns',
    address: `127.0.0.1:${port}`,
    apiUrl,
    apiKey,
    reloadSignal: 'SIGHUP',
    async missing() {
      const found = await findBinary('pdns_server');
      if (!found) return 'pdns-server pdns-backend-sqlite3';
      binary = found;
      return (await schema()) ? null : 'pdns-backend-sqlite3';
    },
    async prepare() {
      if (!(await fileExists(db))) {
        const path = await schema();
        if (!path) throw new Error('the gsqlite3 schema is missing (pdns-backend-sqlite3)');
        // Made aside and renamed, so a half-made database never stays behind.
        const tmp = `${db}.new`;
        await rm(tmp, { force: true });
        const handle = new DatabaseSync(tmp);
        try {
          handle.exec(await readFile(path, 'utf8'));
        } finally {
          handle.close();
        }
        await rename(tmp, db);
      }
      const conf = renderPowerDnsConf({ db, dir, port, apiPort, apiKey: await apiKey() });
      await writeFileAtomic(join(dir, 'pdns.conf'), conf, 0o600);
    },
    command: () => ({ cmd: binary, args: [`--config-dir=${dir}`] }),
    healthy: async () =>
      answers(`${apiUrl}/api/v1/servers/localhost`, { 'X-API-Key': await apiKey() }),
  };
}
