import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@haven/contract';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { ACCESS_TOKEN_SECONDS } from './tokens.ts';

/** A clock the test moves by hand. */
const clock = {
  t: Date.now(),
  now() {
    return this.t;
  },
};

/** High enough that the per-address rate limit never answers first: the lockout is tested. */
const NO_RATE_LIMIT = {
  windowMs: 60_000,
  perWindow: {
    login: 10_000,
    domainPackage: 10_000,
    passwordReset: 10_000,
    databaseDump: 10_000,
    zip: 10_000,
    search: 10_000,
  },
};

describe('sign-in hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, rateLimits: NO_RATE_LIMIT });
  });
  afterAll(() => t.close());

  const login = (body: object, ip: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });

  it('a parallel burst of wrong passwords gets no more guesses than the limit', async () => {
    const victim = await t.customer();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(
          { domain: victim.domain, username: 'beheer', password: `Guess-${i}-abcdef!` },
          '10.20.0.1',
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 401)).toHaveLength(5);
    expect(codes.filter((s) => s === 429)).toHaveLength(95);
    const locked = answers.find((a) => a.statusCode === 429)!;
    expect(locked.json()).toEqual({ custom_message: 'too_many_attempts' });
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.lockoutMinutes * 60);
  });

  it('a burst with the right password among wrong ones gets no token after the limit', async () => {
    const victim = await t.customer();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(
          {
            domain: victim.domain,
            username: 'beheer',
            password: i >= 20 ? victim.password : `Guess-${i}-abcdef!`,
          },
          '10.20.0.2',
        ),
      ),
    );
    // At most 5 attempts are evaluated at all; the rest are refused before the password check.
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(5);
  });

  it('the locked answer says when the lock ends', async () => {
    const victim = await t.customer();
    for (let i = 0; i < 5; i++)
      await login(
        { domain: victim.domain, username: 'beheer', password: `Guess-${i}-abcdef!` },
        '10.20.0.3',
      );
    clock.t += 5 * 60_000;
    const locked = await login(
      { domain: victim.domain, username: 'beheer', password: victim.password },
      '10.20.0.3',
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(10 * 60);
    clock.t += 10 * 60_000 + 1000;
    const after = await login(
      { domain: victim.domain, username: 'beheer', password: victim.password },
      '10.20.0.3',
    );
    expect(after.statusCode).toBe(200);
  });

  it('refresh rotates: the token it replaces stops working at once', async () => {
    const c = await t.customer();
    const first = await t.login(c, '10.20.1.1');
    expect((await t.call({ method: 'GET', url: '/api/user', token: first })).statusCode).toBe(200);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/auth/refresh-token',
      token: first,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = (refreshed.json() as { token: string }).token;
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'GET', url: '/api/user', token: first })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/refresh-token', token: first })).statusCode,
    ).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user', token: second })).statusCode).toBe(200);
  });

  it('a session ends after its absolute lifetime, however often it is refreshed', async () => {
    const c = await t.customer();
    let token = await t.login(c, '10.20.1.2');
    const start = clock.t;
    const step = (ACCESS_TOKEN_SECONDS - 60) * 1000;
    while (clock.t - start < LIMITS.sessionMaxHours * 3_600_000 - step) {
      clock.t += step;
      const res = await t.call({ method: 'POST', url: '/api/auth/refresh-token', token });
      expect(res.statusCode).toBe(200);
      token = (res.json() as { token: string }).token;
    }
    clock.t += step;
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/refresh-token', token })).statusCode,
    ).toBe(401);
  });

  it('a password change rotates its own token and ends every other session', async () => {
    const c = await t.customer();
    const mine = await t.login(c, '10.20.1.3');
    const other = await t.login(c, '10.20.1.4');
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/user/update`,
      token: mine,
      payload: { current_password: c.password, password: 'Brand-New-Secret-42!' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { token: string }).token;
    expect((await t.call({ method: 'GET', url: '/api/user', token: fresh })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token: mine })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user', token: other })).statusCode).toBe(401);
  });
});
