import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, fillPath } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';

/** Every `{name}` of a path filled with a harmless value; `{domain}` with the given domain. */
function urlOf(path: string, domain: string): string {
  const names = [...path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1] ?? '');
  const params = Object.fromEntries(names.map((n) => [n, n === 'domain' ? domain : 'x']));
  return fillPath(path, params);
}

describe('the package and plan state of the {domain} decide (specs part 1 §6)', () => {
  let t: TestApp;
  let owner: TestCustomer;
  let token: string;
  const bare = `bare-${Date.now()}.test`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.customer();
    // A HOSTING login whose customer also has a domain without hosting.
    await t.ctx.operator.addDomain(owner.customerId, bare, { package: 'DOMAIN' });
    token = await t.login(owner);
  });
  afterAll(() => t.close());

  it('answers 403 not_for_package on every webhosting endpoint for a DOMAIN package', async () => {
    const hostingOnly = allEndpoints().filter((e) => e.packages && !e.packages.includes('DOMAIN'));
    expect(hostingOnly.length).toBeGreaterThan(30);
    for (const e of hostingOnly) {
      const res = await t.call({ method: e.method, url: urlOf(e.path, bare), token });
      expect([e.method, e.path, res.statusCode, res.json()]).toEqual([
        e.method,
        e.path,
        403,
        { custom_message: 'not_for_package' },
      ]);
    }
  });

  it('still gives a DOMAIN package its DNS', async () => {
    const res = await t.call({ method: 'GET', url: `/api/${bare}/webhosting/dns`, token });
    expect(res.statusCode).toBe(200);
  });

  it('refuses changes on an inactive plan with plan_inactive, and still shows what exists', async () => {
    const c = await t.customer();
    const own = await t.login(c);
    // Read first: the guard keeps the domain's row for 2 s, and the change must show at once.
    const before = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/webhosting/subdomain`,
      token: own,
    });
    expect(before.statusCode).toBe(200);
    await t.ctx.operator.setDomainFlags(c.domain, { active: false });
    const add = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/webhosting/subdomain`,
      token: own,
      payload: { name: 'shop' },
    });
    expect([add.statusCode, add.json()]).toEqual([403, { custom_message: 'plan_inactive' }]);
    const list = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/webhosting/subdomain`,
      token: own,
    });
    expect(list.statusCode).toBe(200);
  });
});
