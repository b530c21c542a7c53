import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, type Connection } from 'mysql2/promise';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { testMariadb } from '../../../test/support/mariadb-test-server.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const maria = await testMariadb();
const skip = skipWhenMissing('databases API test', [
  !maria && 'MariaDB (no /usr/sbin/mariadbd, nothing on MARIADB_URL)',
]);

const PW = 'first-pass-1234!';
const rand = () => Math.random().toString(36).slice(2, 8);
type Json = Record<string, unknown>;

describe.skipIf(skip)('databases API (real MariaDB)', () => {
  const m = maria!;
  let t: TestApp;
  let root: Connection;
  let a: TestCustomer;
  let b: TestCustomer;
  let tokenA: string;
  let tokenB: string;
  let prefixA: string;
  let prefixB: string;
  const base = (c: TestCustomer) => `/api/${c.domain}/webhosting/database`;

  const connectAs = (user: string, password: string, database?: string) => {
    const url = new URL(m.url);
    return createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user,
      password,
      ...(database ? { database } : {}),
    });
  };
  const serverDatabases = async (prefix: string) => {
    const [rows] = await root.query(
      'SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name LIKE ?',
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    return (rows as { n: string }[]).map((r) => r.n).sort();
  };
  const serverUsers = async (prefix: string) => {
    const [rows] = await root.query('SELECT User AS u FROM mysql.user WHERE User LIKE ?', [
      `${prefix.replace(/_/g, '\\_')}%`,
    ]);
    return (rows as { u: string }[]).map((r) => r.u).sort();
  };

  beforeAll(async () => {
    root = await m.root();
    t = await createTestApp({
      env: { MARIADB_URL: m.url, MARIADB_CUSTOMER_HOST: 'db.haven.test' },
    });
    a = await t.customer({ domain: `ha${rand()}.test` });
    b = await t.customer({ domain: `hb${rand()}.test` });
    tokenA = await t.login(a);
    tokenB = await t.login(b);
    prefixA = (await t.call({ method: 'GET', url: base(a), token: tokenA })).json<{
      prefix: string;
    }>().prefix;
    prefixB = (await t.call({ method: 'GET', url: base(b), token: tokenB })).json<{
      prefix: string;
    }>().prefix;
  });

  afterAll(async () => {
    for (const prefix of [prefixA, prefixB].filter(Boolean)) {
      for (const db of await serverDatabases(prefix)) await root.query(`DROP DATABASE \`${db}\``);
      const [users] = await root.query(
        'SELECT User AS u, Host AS h FROM mysql.user WHERE User LIKE ?',
        [`${prefix.replace(/_/g, '\\_')}%`],
      );
      for (const { u, h } of users as { u: string; h: string }[])
        await root.query(`DROP USER '${u}'@'${h}'`);
    }
    await root.end();
    await t.close();
    await m.stop();
  });

  it('lists nothing yet, with a per-customer prefix and the plan limit', async () => {
    const res = await t.call({ method: 'GET', url: base(a), token: tokenA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prefix: prefixA,
      max_databases: 5,
      available: true,
      databases: [],
    });
    expect(prefixA).toMatch(/^ha[a-z0-9]{1,6}_$/);
    expect(prefixB).not.toBe(prefixA);
  });

  it('creates a database with its first user, who can work in it and sees no other database', async () => {
    const res = await t.call({
      method: 'POST',
      url: base(a),
      token: tokenA,
      payload: { name: 'Shop', username: 'ShopUser', password: PW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      database: { name: `${prefixA}shop` },
      user: { name: `${prefixA}shopuser` },
    });
    await t.call({ method: 'POST', url: base(b), token: tokenB, payload: { name: 'shop' } });
    const c = await connectAs(`${prefixA}shopuser`, PW, `${prefixA}shop`);
    await c.query('CREATE TABLE orders (id INT PRIMARY KEY, item VARCHAR(40))');
    await c.query("INSERT INTO orders VALUES (1, 'brood'), (2, 'taart ü')");
    const [dbs] = await c.query('SHOW DATABASES');
    expect((dbs as { Database: string }[]).map((r) => r.Database).sort()).toEqual(
      ['information_schema', `${prefixA}shop`].sort(),
    );
    await c.end();
    await expect(connectAs(`${prefixA}shopuser`, PW, `${prefixB}shop`)).rejects.toThrow(/denied/i);

    const list = (await t.call({ method: 'GET', url: base(a), token: tokenA })).json<{
      databases: Json[];
    }>();
    expect(list.databases).toMatchObject([{ name: `${prefixA}shop`, users: 1 }]);
    expect(list.databases[0]!.size).toBeGreaterThan(0);
    const detail = await t.call({ method: 'GET', url: `${base(a)}/${prefixA}shop`, token: tokenA });
    expect(detail.json()).toMatchObject({
      database: { name: `${prefixA}shop` },
      users: [{ name: `${prefixA}shopuser` }],
      available: true,
      // Where customers connect: the operator's host, the port of MARIADB_URL.
      connection: { host: 'db.haven.test', port: Number(new URL(m.url).port || 3306) },
    });
  });

  it('refuses bad names and passwords with a clear error, and makes nothing', async () => {
    const before = await serverDatabases(prefixA);
    const cases: [Json, number, string][] = [
      [{ name: 'a`b' }, 422, 'validation'],
      [{ name: "it's" }, 422, 'validation'],
      [{ name: 'a%' }, 422, 'validation'],
      [{ name: 'bäcker' }, 422, 'validation'],
      [{ name: 'x'.repeat(54) }, 422, 'validation'],
      [{ name: 'ok1', username: 'u%', password: PW }, 422, 'validation'],
      [{ name: 'ok2', username: 'shopuser2', password: 'short' }, 422, 'invalid_password'],
      [{ name: 'ok3', username: 'shopuser3', password: 'noDigitsHere!!' }, 422, 'invalid_password'],
      [{ name: 'ok4', username: 'shopuser', password: PW }, 409, 'user_exists'],
      [{ name: 'shop' }, 409, 'database_exists'],
      [{ name: 'ok5', username: 'x' }, 422, 'validation'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await t.call({ method: 'POST', url: base(a), token: tokenA, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ custom_message: string }>().custom_message, JSON.stringify(payload)).toBe(
        code,
      );
    }
    expect(await serverDatabases(prefixA)).toEqual(before);
    const list = (await t.call({ method: 'GET', url: base(a), token: tokenA })).json<{
      databases: unknown[];
    }>();
    expect(list.databases).toHaveLength(1);
  });

  it('says user_exists for a login another customer (or anyone on the server) already has', async () => {
    await root.query(`CREATE USER '${prefixA}taken'@'localhost' IDENTIFIED BY 'x'`);
    const res = await t.call({
      method: 'POST',
      url: `${base(a)}/${prefixA}shop/user`,
      token: tokenA,
      payload: { name: 'taken', password: PW },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ custom_message: 'user_exists' });
    expect(await serverUsers(`${prefixA}taken`)).toEqual([`${prefixA}taken`]);
  });

  it("answers 404 for another customer's database, users and downloads", async () => {
    const other = `${base(a)}/${prefixB}shop`;
    for (const [method, url, payload] of [
      ['GET', other, undefined],
      ['DELETE', other, undefined],
      ['GET', `${other}/user`, undefined],
      ['POST', `${other}/user`, { name: 'sneaky', password: PW }],
      ['POST', `${other}/download-ticket`, undefined],
      ['POST', `${base(a)}/${prefixA}shop/user/${prefixB}nobody`, { password: PW }],
    ] as const) {
      const res = await t.call({ method, url, token: tokenA, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const cross = await t.call({ method: 'GET', url: `${base(b)}/${prefixB}shop`, token: tokenA });
    expect(cross.statusCode).toBe(404);
    expect(await serverDatabases(`${prefixB}shop`)).toEqual([`${prefixB}shop`]);
  });

  it('adds a second user, changes its password (old one stops working), deletes it', async () => {
    const url = `${base(a)}/${prefixA}shop/user`;
    expect(
      (
        await t.call({
          method: 'POST',
          url,
          token: tokenA,
          payload: { name: 'Second', password: PW },
        })
      ).statusCode,
    ).toBe(200);
    const users = (await t.call({ method: 'GET', url, token: tokenA })).json<{
      users: { name: string }[];
    }>();
    expect(users.users.map((u) => u.name)).toEqual([`${prefixA}second`, `${prefixA}shopuser`]);
    const weak = await t.call({
      method: 'POST',
      url: `${url}/${prefixA}second`,
      token: tokenA,
      payload: { password: 'abc' },
    });
    expect(weak.json()).toMatchObject({ custom_message: 'invalid_password' });
    const changed = await t.call({
      method: 'POST',
      url: `${url}/${prefixA}second`,
      token: tokenA,
      payload: { password: 'other-Pass-5678?' },
    });
    expect(changed.statusCode).toBe(200);
    await expect(connectAs(`${prefixA}second`, PW)).rejects.toThrow(/denied/i);
    await (await connectAs(`${prefixA}second`, 'other-Pass-5678?', `${prefixA}shop`)).end();
    expect(
      (await t.call({ method: 'DELETE', url: `${url}/${prefixA}second`, token: tokenA }))
        .statusCode,
    ).toBe(200);
    expect(await serverUsers(`${prefixA}second`)).toEqual([]);
  });

  it('downloads a dump with a single-use ticket; it restores with the same rows', async () => {
    const url = `${base(a)}/${prefixA}shop`;
    const noTicket = await t.call({ method: 'GET', url: `${url}/download` });
    expect(noTicket.statusCode).toBe(422);
    const { ticket } = (
      await t.call({ method: 'POST', url: `${url}/download-ticket`, token: tokenA })
    ).json<{ ticket: string }>();
    const wrongDb = await t.call({
      method: 'GET',
      url: `${base(b)}/${prefixB}shop/download?ticket=${ticket}`,
    });
    expect(wrongDb.statusCode).toBe(404);
    // The wrong try used the ticket up: a ticket is good for exactly one request.
    const { ticket: fresh } = (
      await t.call({ method: 'POST', url: `${url}/download-ticket`, token: tokenA })
    ).json<{ ticket: string }>();
    const res = await t.call({ method: 'GET', url: `${url}/download?ticket=${fresh}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/sql; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${prefixA}shop-\\d{4}-\\d{2}-\\d{2}\\.sql"`),
    );
    expect(res.body).toContain('CREATE TABLE `orders`');
    expect(
      (await t.call({ method: 'GET', url: `${url}/download?ticket=${fresh}` })).statusCode,
    ).toBe(404);

    const created = await t.call({
      method: 'POST',
      url: base(a),
      token: tokenA,
      payload: { name: 'restored' },
    });
    expect(created.statusCode).toBe(200);
    const r = await createConnection({
      uri: m.url,
      database: `${prefixA}restored`,
      multipleStatements: true,
    });
    await r.query(res.body);
    const [rows] = await r.query('SELECT id, item FROM orders ORDER BY id');
    expect(rows).toEqual([
      { id: 1, item: 'brood' },
      { id: 2, item: 'taart ü' },
    ]);
    await r.end();
  });

  it('keeps to the plan limit, also for parallel creates, and lets one of two same-name creates win', async () => {
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        t.call({ method: 'POST', url: base(b), token: tokenB, payload: { name: 'race' } }),
      ),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      same.filter((r) => r.statusCode === 409).map((r) => r.json<Json>().custom_message),
    ).toEqual(['database_exists', 'database_exists']);
    await t.ctx.db
      .updateTable('domains')
      .set({ max_databases: 4 })
      .where('name', '=', b.domain)
      .execute();
    t.ctx.customers.domainsChanged();
    const parallel = await Promise.all(
      ['p1', 'p2', 'p3'].map((name) =>
        t.call({ method: 'POST', url: base(b), token: tokenB, payload: { name } }),
      ),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(parallel.find((r) => r.statusCode === 409)?.json()).toEqual({
      custom_message: 'max_databases',
    });
    const list = (await t.call({ method: 'GET', url: base(b), token: tokenB })).json<{
      databases: unknown[];
      max_databases: number;
    }>();
    expect(list).toMatchObject({ max_databases: 4 });
    expect(list.databases).toHaveLength(4);
    expect(await serverDatabases(prefixB)).toHaveLength(4);
  });

  it('deletes a database with its users, on the server too', async () => {
    expect(
      (await t.call({ method: 'DELETE', url: `${base(a)}/${prefixA}shop`, token: tokenA }))
        .statusCode,
    ).toBe(200);
    expect(await serverDatabases(`${prefixA}shop`)).toEqual([]);
    expect(await serverUsers(`${prefixA}shopuser`)).toEqual([]);
    expect(
      (await t.call({ method: 'GET', url: `${base(a)}/${prefixA}shop`, token: tokenA })).statusCode,
    ).toBe(404);
  });

  it('is for hosting logins only', async () => {
    const d = await t.customer({ type: 'DOMAIN' });
    const res = await t.call({
      method: 'GET',
      url: `/api/${d.domain}/webhosting/database`,
      token: await t.login(d),
    });
    expect(res.statusCode).toBe(403);
  });
});
