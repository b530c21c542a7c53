import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('account API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    await t.ctx.operator.addNotification({ type: 'info', nl: 'Algemeen', en: 'General' });
    await t.ctx.operator.addNotification({ domain: a.domain, type: 'warning', nl: 'Alleen A' });
    await t.ctx.operator.addNotification({
      domain: a.domain,
      type: 'info',
      nl: 'Verlopen',
      days: -1,
    });
  });
  afterAll(() => t.close());

  it('shows general and own-domain notifications, not expired ones', async () => {
    const token = await t.login(a);
    const general = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/general-notification`,
      token,
    });
    expect(general.json()).toMatchObject({
      notifications: [{ message: { nl: 'Algemeen', en: 'General' }, type: 'info' }],
    });
    const own = await t.call({ method: 'GET', url: `/api/${a.domain}/notification`, token });
    expect(own.json()).toMatchObject({
      notifications: [{ message: { nl: 'Alleen A', en: 'Alleen A' } }],
    });
    expect((own.json() as { notifications: unknown[] }).notifications).toHaveLength(1);
  });

  it("answers 404 for another customer's domain, and for a domain that does not exist", async () => {
    const token = await t.login(a);
    for (const domain of [b.domain, 'does-not-exist.test', '..%2f..%2fetc', 'UPPER.TEST']) {
      const res = await t.call({ method: 'GET', url: `/api/${domain}/notification`, token });
      expect(res.statusCode, domain).toBe(404);
      expect(res.json()).toEqual({ custom_message: 'not_found' });
    }
    const change = await t.call({
      method: 'POST',
      url: `/api/${b.domain}/user/update`,
      token,
      payload: { current_password: a.password, password: 'Another-Str0ng-pass!' },
    });
    expect(change.statusCode).toBe(404);
  });

  it('gives DOMAIN users no per-domain notifications', async () => {
    const d = await t.customer({ type: 'DOMAIN' });
    const token = await t.login(d);
    expect(
      (await t.call({ method: 'GET', url: `/api/${d.domain}/notification`, token })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/${d.domain}/general-notification`, token }))
        .statusCode,
    ).toBe(200);
  });

  it('lets an EMAIL identity see only its own domain', async () => {
    const owner = await t.customer();
    const second = `tweede-${owner.domain}`;
    await t.ctx.operator.addDomain(owner.customerId, second);
    await t.ctx.operator.addIdentity({
      domain: owner.domain,
      username: 'info',
      type: 'EMAIL',
      password: 'Mailbox-Pass-2024!x',
      name: 'Info',
      email: `info@${owner.domain}`,
    });
    const token = await t.login({
      domain: owner.domain,
      username: 'info',
      password: 'Mailbox-Pass-2024!x',
    });
    const user = (await t.call({ method: 'GET', url: '/api/user', token })).json() as {
      type: string;
      domains: { name: string }[];
    };
    expect(user.type).toBe('EMAIL');
    expect(user.domains.map((d) => d.name)).toEqual([owner.domain]);
    expect(
      (await t.call({ method: 'GET', url: `/api/${second}/general-notification`, token }))
        .statusCode,
    ).toBe(404);
    const ownerToken = await t.login(owner);
    const ownerUser = (
      await t.call({ method: 'GET', url: '/api/domain', token: ownerToken })
    ).json() as { domains: unknown[] };
    expect(ownerUser.domains).toHaveLength(2);
  });

  it('changes the password: checks the current one and the policy, ends other sessions', async () => {
    const c = await t.customer();
    const first = await t.login(c);
    const second = await t.login(c);
    const url = `/api/${c.domain}/user/update`;
    const wrongCurrent = await t.call({
      method: 'POST',
      url,
      token: first,
      payload: { current_password: 'nope', password: 'Brand-New-Pass-99!' },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json()).toEqual({ custom_message: 'invalid_current_password' });
    for (const weak of [
      'short1!A',
      'alllowercase-123!',
      'Password123!',
      `Beheer-${c.username}-123!`,
      'Wachtwoord met spatie 1!',
    ]) {
      const res = await t.call({
        method: 'POST',
        url,
        token: first,
        payload: { current_password: c.password, password: weak },
      });
      expect(res.statusCode, weak).toBe(422);
      expect((res.json() as { custom_message: string }).custom_message).toBe('invalid_password');
    }
    const ok = await t.call({
      method: 'POST',
      url,
      token: first,
      payload: { current_password: c.password, password: 'Brand-New-Pass-99!' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = (ok.json() as { token: string }).token;
    expect((await t.call({ method: 'GET', url: '/api/user', token: fresh })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token: second })).statusCode).toBe(401);
    await expect(t.login(c)).rejects.toThrow();
    await t.login({ ...c, password: 'Brand-New-Pass-99!' });
  });
});
