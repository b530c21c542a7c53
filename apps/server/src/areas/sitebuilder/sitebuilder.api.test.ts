import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

describe('site builder API: who may use it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a hosting domain, and refuses a domain without hosting (sold with hosting only)', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    const get = () => t.call({ method: 'GET', url: `/api/${c.domain}/sitebuilder`, token });
    expect((await get()).json()).toMatchObject({ sitebuilder: false, legacy: false });

    await t.ctx.db
      .updateTable('domains')
      .set({ package: 'DOMAIN' })
      .where('name', '=', c.domain)
      .execute();
    t.ctx.customers.domainsChanged();
    const refused = await get();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ custom_message: 'not_for_package' });
    const open = await t.call({ method: 'POST', url: `/api/${c.domain}/sitebuilder/open`, token });
    expect(open.json()).toEqual({ custom_message: 'not_for_package' });
  });
});
