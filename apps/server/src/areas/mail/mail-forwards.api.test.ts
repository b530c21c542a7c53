import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('mail forwards and settings (catch-all, service switch, DNS records)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  const aliases = () =>
    readFile(join(t.dataDir, 'mail', 'maps', 'aliases'), 'utf8').catch(() => '');
  const domains = () =>
    readFile(join(t.dataDir, 'mail', 'maps', 'domains'), 'utf8').catch(() => '');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${c.domain}/mail${path}`, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    token = await t.login(c);
  });
  afterAll(() => t.close());

  it("creates, lists ('{current} of {max}'), changes and deletes a forward", async () => {
    const made = await call('POST', '/forward', { from: 'Shop', to: 'Owner@Example.org' });
    expect([made.statusCode, made.json()]).toEqual([
      200,
      { host: 'shop', address: `shop@${c.domain}`, value: 'owner@example.org' },
    ]);
    expect(await aliases()).toContain(`shop@${c.domain} owner@example.org`);
    expect((await call('GET', '/forward')).json()).toMatchObject({
      records: [{ host: 'shop' }],
      limit: { current: 1, max: 100 },
    });
    const changed = await call('PUT', '/forward/shop', { value: 'new@example.org' });
    expect(changed.json().value).toBe('new@example.org');
    expect(await aliases()).toContain(`shop@${c.domain} new@example.org`);
    expect((await call('GET', '/forward/shop')).json().value).toBe('new@example.org');
    expect((await call('DELETE', '/forward/shop')).statusCode).toBe(200);
    expect(await aliases()).not.toContain(`shop@${c.domain}`);
    const gone = await call('GET', '/forward/shop');
    expect([gone.statusCode, gone.json().custom_message]).toEqual([404, 'not_found']);
  });

  it('refuses a loop, a malformed target, a taken from; nothing changes', async () => {
    const before = await aliases();
    const self = await call('POST', '/forward', { from: 'x', to: `x@${c.domain}` });
    expect([self.statusCode, self.json().custom_message]).toEqual([422, 'invalid_to']);
    await call('POST', '/forward', { from: 'ping', to: `pong@${c.domain}` });
    const loop = await call('POST', '/forward', { from: 'pong', to: `ping@${c.domain}` });
    expect(loop.json().custom_message).toBe('invalid_to');
    const bad = await call('POST', '/forward', { from: 'y', to: 'not an address' });
    expect([bad.statusCode, bad.json().fields]).toEqual([422, { to: 'email' }]);
    const taken = await call('POST', '/forward', { from: 'ping', to: 'a@example.org' });
    expect([taken.statusCode, taken.json().custom_message]).toEqual([409, 'from_in_use']);
    expect(await aliases()).toBe(`${before}ping@${c.domain} pong@${c.domain}\n`);
    await call('DELETE', '/forward/ping');
  });

  it('forwards unknown addresses with a catch-all, or rejects them; refuses a catch-all loop', async () => {
    const res = await call('PUT', '/settings', {
      active: true,
      catch_all: 'forward',
      catch_all_address: 'catch@example.org',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      active: true,
      catch_all: 'forward',
      catch_all_address: 'catch@example.org',
    });
    const purposes = (res.json().dns as { purpose: string }[]).map((r) => r.purpose);
    expect(purposes).toEqual(['mx', 'spf', 'dkim', 'dmarc']);
    // ... and the DNS area serves them in the zone (through its exports, wired in the registry).
    const zone = await t.call({ method: 'GET', url: `/api/${c.domain}/webhosting/dns`, token });
    const hosts = (zone.json().records as { record: string; host: string; value: string }[])
      .filter((r) => r.record === 'TXT')
      .map((r) => `${r.host} ${r.value.slice(0, 8)}`);
    expect(hosts).toEqual(expect.arrayContaining(['haven._domainkey v=DKIM1;', '_dmarc v=DMARC1']));
    expect(await aliases()).toContain(`@${c.domain} catch@example.org`);
    const loop = await call('PUT', '/settings', {
      active: true,
      catch_all: 'forward',
      catch_all_address: `nobody@${c.domain}`,
    });
    expect([loop.statusCode, loop.json().custom_message]).toEqual([422, 'alias_loop']);
    await call('PUT', '/settings', { active: true, catch_all: 'reject', catch_all_address: null });
    expect(await aliases()).not.toContain(`@${c.domain} `);
    expect((await call('GET', '/settings')).json().catch_all).toBe('reject');
  });

  it('turns the mail service off: the domain is no longer served, the list says so', async () => {
    expect(await domains()).toContain(`${c.domain} OK`);
    await call('PUT', '/settings', { active: false, catch_all: 'reject', catch_all_address: null });
    expect(await domains()).not.toContain(`${c.domain} OK`);
    expect((await call('GET', '/account/address')).json().active).toBe(false);
    await call('PUT', '/settings', { active: true, catch_all: 'reject', catch_all_address: null });
    expect(await domains()).toContain(`${c.domain} OK`);
  });
});
