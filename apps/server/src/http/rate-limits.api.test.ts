import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';

// Small limits, so a few calls reach them; the real ones are LIMITS.rateLimits.
const LIMITS = {
  windowMs: 60_000,
  perWindow: { login: 2, domainPackage: 2, passwordReset: 1, databaseDump: 1, zip: 1, search: 1 },
};

function expectTooMany(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ custom_message: 'too_many_requests' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('request rate limits', () => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: LIMITS });
    c = await t.customer();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress = '192.0.2.1') =>
    t.call({ method: 'POST', url, payload, remoteAddress });

  it('limits logins per client address', async () => {
    const login = { domain: c.domain, username: c.username, password: 'wrong-password-1' };
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/login', login)).statusCode).toBe(401);
    expectTooMany(await post('/api/auth/login', login));
    // Another address has its own count.
    expect(
      (await post('/api/auth/login', { ...login, password: c.password }, '192.0.2.2')).statusCode,
    ).toBe(200);
  });

  it('limits the domain lookup and the password reset calls per client address', async () => {
    for (let i = 0; i < 2; i++)
      expect((await post('/api/auth/domain-package', { domain: c.domain })).statusCode).toBe(200);
    expectTooMany(await post('/api/auth/domain-package', { domain: c.domain }));
    expect((await post('/api/auth/password-forgotten', { domain: c.domain })).statusCode).toBe(200);
    expectTooMany(await post('/api/auth/password-forgotten', { domain: c.domain }));
    const token = { token: 'x'.repeat(40) };
    expect((await post('/api/auth/password-forgotten-validate', token)).statusCode).toBe(200);
    expectTooMany(await post('/api/auth/password-forgotten-validate', token));
    expect(
      (
        await post('/api/auth/password-forgotten-update', {
          ...token,
          password: 'Another-Pass-2024!',
        })
      ).statusCode,
    ).not.toBe(429);
    expectTooMany(
      await post('/api/auth/password-forgotten-update', {
        ...token,
        password: 'Another-Pass-2024!',
      }),
    );
  });

  it('limits the database download per client address (it has a ticket, no session)', async () => {
    const url = `/api/${c.domain}/webhosting/database/klant_shop/download?ticket=${'t'.repeat(40)}`;
    expect((await t.call({ method: 'GET', url, remoteAddress: '192.0.2.3' })).statusCode).toBe(404);
    expectTooMany(await t.call({ method: 'GET', url, remoteAddress: '192.0.2.3' }));
  });

  it('limits search, folder size and zip per session', async () => {
    const token = await t.login(c, '192.0.2.4');
    const other = await t.login(c, '192.0.2.4');
    const base = `/api/${c.domain}/webhosting/filemanager`;
    for (const [method, url, payload] of [
      ['GET', `${base}/search?path=/&q=index`, undefined],
      ['GET', `${base}/size?path=/`, undefined],
      ['POST', `${base}/zip`, { path: '/', files: ['nothing-here'], zip: 'all.zip' }],
    ] as const) {
      expect((await t.call({ method, url, payload, token })).statusCode).not.toBe(429);
      expectTooMany(await t.call({ method, url, payload, token }));
      // Another session of the same login from the same address has its own count.
      expect((await t.call({ method, url, payload, token: other })).statusCode).not.toBe(429);
    }
  });
});
