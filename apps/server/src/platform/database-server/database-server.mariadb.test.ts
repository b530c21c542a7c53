import { dbPassword } from './database-server.port.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, type Connection } from 'mysql2/promise';
import { createMariadbServer } from './database-server.mariadb.ts';
import type { DatabaseServer } from './database-server.port.ts';
import { testMariadb, type TestMariadb } from '../../../test/support/mariadb-test-server.ts';
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const maria = await testMariadb();
const skip = skipWhenMissing('database-server test', [
  !maria && 'MariaDB (no /usr/sbin/mariadbd, nothing on MARIADB_URL)',
]);

/** Connects as a customer login over TCP. */
function connectAs(
  m: TestMariadb,
  user: string,
  password: string,
  database?: string,
): Promise<Connection> {
  const url = new URL(m.url);
  return createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user,
    password,
    ...(database ? { database } : {}),
    connectTimeout: 3000,
  });
}

describe.skipIf(skip)('MariaDB database server (real server)', () => {
  const m = maria!;
  const prefix = `ht${Math.random().toString(36).slice(2, 8)}`;
  const n = (s: string) => `${prefix}_${s}`;
  const password = 'first-Pass-1234!';
  let server: DatabaseServer;
  let root: Connection;

  beforeAll(async () => {
    server = createMariadbServer({ url: m.url });
    root = await m.root();
  });

  afterAll(async () => {
    const [dbs] = await root.query(
      `SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name LIKE '${prefix}\\_%'`,
    );
    for (const { n: name } of dbs as { n: string }[]) await root.query(`DROP DATABASE \`${name}\``);
    const [users] = await root.query(
      `SELECT User AS u, Host AS h FROM mysql.user WHERE User LIKE '${prefix}\\_%'`,
    );
    for (const { u, h } of users as { u: string; h: string }[])
      await root.query(`DROP USER '${u}'@'${h}'`);
    await root.end();
    await server.close();
    await m.stop();
  });

  it('creates a database and a user that can work in it and sees no other database', async () => {
    await server.ensureDatabase(n('shop'), { exclusive: true });
    await server.ensureDatabase(n('other'), { exclusive: true });
    await server.ensureUser(n('shopuser'), dbPassword(password), { exclusive: true });
    await server.grant(n('shopuser'), n('shop'));
    const c = await connectAs(m, n('shopuser'), password, n('shop'));
    await c.query('CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))');
    await c.query("INSERT INTO t VALUES (1, 'een'), (2, 'twee')");
    const [dbs] = await c.query('SHOW DATABASES');
    expect((dbs as { Database: string }[]).map((r) => r.Database).sort()).toEqual(
      ['information_schema', n('shop')].sort(),
    );
    await expect(c.query(`CREATE TABLE \`${n('other')}\`.x (id INT)`)).rejects.toThrow(/denied/i);
    await c.end();
    await expect(connectAs(m, n('shopuser'), password, n('other'))).rejects.toThrow(/denied/i);
  });

  it('treats _ in the grant literally: a look-alike database stays out of reach', async () => {
    await server.ensureDatabase(n('a_b'), { exclusive: true });
    await root.query(`CREATE DATABASE \`${prefix}_aXb\``);
    await server.ensureUser(n('ab'), dbPassword(password), { exclusive: true });
    await server.grant(n('ab'), n('a_b'));
    await expect(connectAs(m, n('ab'), password, `${prefix}_aXb`)).rejects.toThrow(/denied/i);
    const ok = await connectAs(m, n('ab'), password, n('a_b'));
    await ok.end();
  });

  it('refuses to adopt an existing database or login when exclusive, and accepts it otherwise', async () => {
    await expect(server.ensureDatabase(n('shop'), { exclusive: true })).rejects.toMatchObject({
      reason: 'exists',
    });
    await server.ensureDatabase(n('shop'));
    await root.query(`CREATE USER '${prefix}_elsewhere'@'localhost' IDENTIFIED BY 'x'`);
    expect(await server.userExists(n('elsewhere'))).toBe(true);
    await expect(
      server.ensureUser(n('elsewhere'), dbPassword(password), { exclusive: true }),
    ).rejects.toMatchObject({ reason: 'exists' });
    await expect(
      server.ensureUser(n('shopuser'), dbPassword(password), { exclusive: true }),
    ).rejects.toMatchObject({ reason: 'exists' });
  });

  it('changes a password: the new one works, the old one does not', async () => {
    await server.setPassword(n('shopuser'), dbPassword("new-'Pass\\-5678"));
    await expect(connectAs(m, n('shopuser'), password)).rejects.toThrow(/denied/i);
    const c = await connectAs(m, n('shopuser'), "new-'Pass\\-5678", n('shop'));
    await c.end();
  });

  it('reports sizes and prefixes in use', async () => {
    const sizes = await server.sizes([n('shop'), n('other')]);
    expect(sizes.get(n('shop'))).toBeGreaterThan(0);
    expect(sizes.get(n('other'))).toBe(0);
    expect(await server.prefixInUse(prefix)).toBe(true);
    expect(await server.prefixInUse(`${prefix}zz`)).toBe(false);
  });

  it('dumps a database that restores into a fresh one with the same rows', async () => {
    const c = await connectAs(m, n('shopuser'), "new-'Pass\\-5678", n('shop'));
    await c.query("INSERT INTO t VALUES (3, 'drie ünï'), (4, NULL)");
    await c.end();
    const sql = await text(await server.dump(n('shop'), { signal: new AbortController().signal }));
    expect(sql).toContain('CREATE TABLE `t`');
    await server.ensureDatabase(n('restored'), { exclusive: true });
    const r = await createConnection({
      uri: m.url,
      database: n('restored'),
      multipleStatements: true,
    });
    await r.query(sql);
    const [rows] = await r.query('SELECT id, v FROM t ORDER BY id');
    expect(rows).toEqual([
      { id: 1, v: 'een' },
      { id: 2, v: 'twee' },
      { id: 3, v: 'drie ünï' },
      { id: 4, v: null },
    ]);
    await r.end();
  });

  it('fails the stream (never a silently cut file) when the dump dies halfway', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'haven-dump-'));
    const script = join(dir, 'dies-halfway');
    await writeFile(
      script,
      '#!/bin/sh\nprintf -- "-- partial dump\\n"\nsleep 0.2\necho "mariadb-dump: Got error: 2013: Lost connection" >&2\nexit 2\n',
      { mode: 0o755 },
    );
    const broken = createMariadbServer({ url: m.url, dumpCommand: script });
    const stream = await broken.dump(n('shop'), { signal: new AbortController().signal });
    await expect(text(stream)).rejects.toMatchObject({ reason: 'unavailable' });
    const silent = createMariadbServer({ url: m.url, dumpCommand: '/bin/false' });
    await expect(
      silent.dump(n('shop'), { signal: new AbortController().signal }),
    ).rejects.toMatchObject({ reason: 'failed' });
    await Promise.all([broken.close(), silent.close(), rm(dir, { recursive: true })]);
  });

  it('says not_found for a dump of a database that is not there', async () => {
    await expect(
      server.dump(n('missing'), { signal: new AbortController().signal }),
    ).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('drops users and databases, and absent ones are fine', async () => {
    await server.dropUser(n('ab'));
    await server.dropUser(n('ab'));
    await server.dropDatabase(n('a_b'));
    await server.dropDatabase(n('a_b'));
    expect(await server.userExists(n('ab'))).toBe(false);
    await expect(connectAs(m, n('ab'), password)).rejects.toThrow(/denied/i);
  });

  it('refuses unsafe names before they reach SQL', async () => {
    for (const bad of ['a`b', "a'b", 'a%', 'A_B', 'a b', '', 'x'.repeat(65)]) {
      await expect(server.ensureDatabase(bad)).rejects.toThrow(/unsafe/);
      await expect(server.dump(bad, { signal: new AbortController().signal })).rejects.toThrow(
        /unsafe/,
      );
    }
    await expect(server.ensureUser('u'.repeat(33), dbPassword(password))).rejects.toThrow(/unsafe/);
  });

  it('calls a server that is not there unavailable, for queries and dumps', async () => {
    // A port just handed out free and closed again: nothing listens there.
    const gone = createMariadbServer({
      url: `mysql://root@127.0.0.1:${await freePort()}`,
      connectTimeoutMs: 1000,
    });
    expect(await gone.ping()).toBe(false);
    await expect(gone.ensureDatabase(n('x'))).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(
      gone.dump(n('shop'), { signal: new AbortController().signal }),
    ).rejects.toMatchObject({ reason: 'unavailable' });
    await gone.close();
  });
});
