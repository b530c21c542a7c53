import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import { createSubdomainsStore } from './subdomains.store.ts';
import { createWebUserService } from './webuser.service.ts';
import { createWebUsersStore } from './webusers.store.ts';
import type { WebhostingTables } from './webhosting.tables.ts';

const USERS = 3000;

/** Counts the statements sent, to catch a query per row. */
function counter(): KyselyPlugin & { n: number } {
  return {
    n: 0,
    transformQuery(args) {
      this.n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe('web user list of thousands', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: TestCustomer;
  let domainId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    domainId = (await t.ctx.customers.domainByName(c.domain))?.id ?? 0;
    const tag = c.domain.replace(/\W/g, '').slice(0, 8);
    const rows = Array.from({ length: USERS }, (_, i) => ({
      domain_id: domainId,
      name: `u${tag}${String(i).padStart(4, '0')}`,
      password_hash: 'x',
      home: i % 2 ? `site${i}` : '',
      created_at: 1,
      updated_at: 1,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.db
        .insertInto('webusers')
        .values(rows.slice(i, i + 500))
        .execute();
    const ids = await t.ctx.db
      .selectFrom('webusers')
      .select('id')
      .where('domain_id', '=', domainId)
      .orderBy('name')
      .execute();
    // Every third web user is the FTP account of a subdomain.
    const subs = ids
      .filter((_, i) => i % 3 === 0)
      .map((u, i) => ({
        domain_id: domainId,
        name: `s${i}`,
        webuser_id: u.id,
        created_at: 1,
        perl: 0,
        python: 0,
      }));
    for (let i = 0; i < subs.length; i += 500)
      await t.ctx.db
        .insertInto('subdomains')
        .values(subs.slice(i, i + 500))
        .execute();
  });
  afterAll(() => t.close());

  it('lists them with their subdomains in two queries, not one per web user', async () => {
    const count = counter();
    const db = t.ctx.database.db.withTables<WebhostingTables>().withPlugin(count);
    const svc = createWebUserService({
      webusers: createWebUsersStore(db),
      subdomains: createSubdomainsStore(db),
      // The list touches neither the FTP server nor the disk.
      ftp: () => ({}) as FtpServer,
      webspace: () => ({}) as NodeWebspace,
      homeOf: (domain) => `/homes/${domain}`,
      clock: { now: () => 0 },
      log: () => {},
    });
    const list = await svc.list({ id: domainId, name: c.domain, node: LOCAL_NODE });
    expect(list).toHaveLength(USERS);
    expect(count.n).toBe(2);
    expect(list[0]?.subdomains).toEqual(['s0']);
    expect(list[1]?.subdomains).toEqual([]);
    expect(list[3]?.subdomains).toEqual(['s1']);
  });

  it('answers the whole list over the API with a handful of queries, not one per web user', async () => {
    const token = await t.login(c);
    const queries = vi.spyOn(t.ctx.db.getExecutor(), 'executeQuery');
    const res = await t.call({ method: 'GET', url: `/api/${c.domain}/webhosting/webuser`, token });
    const sent = queries.mock.calls.length;
    queries.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    const { webusers } = res.json() as { webusers: { name: string; subdomains: string[] }[] };
    expect(webusers).toHaveLength(USERS);
    expect(webusers[3]?.subdomains).toEqual(['s1']);
    // The session and the domain may be read too; what matters is that it does not grow per row.
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(10);
  });
});
