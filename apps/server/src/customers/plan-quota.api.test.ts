import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { instapDiskQuotaMigration } from '../db/migrations/0960-instap-disk-quota.ts';

const GB = 1_000_000_000;

/** The entry plan (instap) is 5 GB (specs part 2 §9); web hosting 20 GB. */
describe('a plan comes with its disk space', () => {
  let t: TestApp;
  const limitOf = async (c: TestCustomer) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/webhosting/filemanager/usage`,
      token: await t.login(c),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { limit: number }).limit;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives an instap domain 5 GB and a hosting domain 20 GB', async () => {
    expect(await limitOf(await t.customer({ instap: true }))).toBe(5 * GB);
    expect(await limitOf(await t.customer())).toBe(20 * GB);
  });

  it('moves the disk space with the plan, and keeps one set otherwise', async () => {
    const c = await t.customer();
    await t.ctx.operator.setDomainFlags(c.domain, { instap: true });
    expect(await limitOf(c)).toBe(5 * GB);
    await t.ctx.operator.setDomainFlags(c.domain, { instap: false });
    expect(await limitOf(c)).toBe(20 * GB);
    await t.ctx.operator.setDomainFlags(c.domain, { diskQuotaMb: 60_000 });
    await t.ctx.operator.setDomainFlags(c.domain, { instap: true });
    expect(await limitOf(c)).toBe(60 * GB);
  });

  it('gives instap domains made with the 20 GB default 5 GB on migrating', async () => {
    const old = await t.customer({ instap: true });
    const custom = await t.customer({ instap: true });
    await t.ctx.db
      .updateTable('domains')
      .set({ disk_quota_mb: 20_000 })
      .where('name', '=', old.domain)
      .execute();
    await t.ctx.db
      .updateTable('domains')
      .set({ disk_quota_mb: 30_000 })
      .where('name', '=', custom.domain)
      .execute();
    await instapDiskQuotaMigration.up(t.ctx.db as unknown as Kysely<unknown>, 'sqlite');
    expect(await limitOf(old)).toBe(5 * GB);
    expect(await limitOf(custom)).toBe(30 * GB);
  });
});
