import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mysql2/promise';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { testMariadb } from '../../test/support/mariadb-test-server.ts';
import { COMMANDS } from './commands.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';

const maria = await testMariadb();
const skip = skipWhenMissing('reconcile.databases test', [!maria && 'MariaDB']);

/** `haven reconcile` over customer databases: the one reconcile that existed, now called. */
describe.skipIf(skip)('haven reconcile with MariaDB', () => {
  const m = maria!;
  let t: TestApp;
  let root: Connection;
  let a: TestCustomer;
  let prefix = '';
  const reconcile = async () => {
    const lines: string[] = [];
    const code = await COMMANDS.reconcile!.run(t.ctx, { domain: a.domain }, (l) => lines.push(l));
    return { code, lines };
  };
  const drop = async () => {
    await root.query(`DROP DATABASE IF EXISTS \`${prefix}shop\``);
    const [users] = await root.query('SELECT Host AS h FROM mysql.user WHERE User = ?', [
      `${prefix}shopuser`,
    ]);
    for (const { h } of users as { h: string }[])
      await root.query(`DROP USER '${prefix}shopuser'@'${h}'`);
  };

  beforeAll(async () => {
    root = await m.root();
    t = await createTestApp({ env: { MARIADB_URL: m.url } });
    a = await t.customer({ domain: `hr${Math.random().toString(36).slice(2, 8)}.test` });
    const token = await t.login(a);
    const res = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/database`,
      token,
      payload: { name: 'shop', username: 'shopuser', password: 'first-pass-1234!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    prefix = res.json<{ database: { name: string } }>().database.name.replace(/shop$/, '');
  }, 60_000);
  afterAll(async () => {
    if (prefix) await drop();
    await root?.end();
    await t?.close();
    await m.stop();
  });

  it('makes a lost database again and names a lost user it cannot remake', async () => {
    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
    await drop();
    expect(await reconcile()).toEqual({
      code: 0,
      lines: [
        `database ${prefix}shop of ${a.domain} was missing on MariaDB: created again (empty)`,
        `database user ${prefix}shopuser of ${a.domain} is missing on MariaDB: give it a new password in the panel, or delete it`,
        '1 item repaired, 1 left for the customer, 0 failed (1 domain checked)',
      ],
    });
    const [rows] = await root.query(
      'SELECT 1 FROM information_schema.schemata WHERE schema_name = ?',
      [`${prefix}shop`],
    );
    expect(rows).toHaveLength(1);
    // What only the customer can repair stays in the report until they do.
    expect((await reconcile()).lines.at(-1)).toBe(
      '0 items repaired, 1 left for the customer, 0 failed (1 domain checked)',
    );
  });
});
