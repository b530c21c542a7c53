import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('auth API', () => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
  });
  afterAll(() => t.close());

  const login = (body: object, ip = '10.0.0.1') =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });

  it('logs in and answers the user', async () => {
    const token = await t.login(c);
    const res = await t.call({ method: 'GET', url: '/api/user', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'HOSTING',
      domain: c.domain,
      domains: [{ name: c.domain, status: 0 }],
    });
  });

  it('accepts the domain in any case and with spaces', async () => {
    const res = await login(
      { domain: `  ${c.domain.toUpperCase()} `, username: c.username, password: c.password },
      '10.9.9.9',
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 unauthorized for a wrong password and for an unknown domain alike', async () => {
    const wrong = await login(
      { domain: c.domain, username: c.username, password: 'Wrong-password-1!' },
      '10.0.0.2',
    );
    const unknown = await login(
      { domain: 'nobody-here.test', username: 'beheer', password: 'Wrong-password-1!' },
      '10.0.0.2',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ custom_message: 'unauthorized' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ custom_message: 'unauthorized' });
  });

  it('rejects malformed, invalid and oversized bodies with the envelope', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ custom_message: 'validation' });
    const invalid = await login({ domain: 'not a domain', username: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      custom_message: 'validation',
      fields: { domain: 'regex', username: 'required' },
    });
    const big = await login({
      domain: c.domain,
      username: c.username,
      password: 'x'.repeat(1_100_000),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ custom_message: 'payload_too_large' });
  });

  it('tells the package of a domain, and null for an unknown one', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/domain-package',
      payload: { domain: c.domain },
    });
    expect(res.json()).toEqual({ package: 'HOSTING' });
    const none = await t.call({
      method: 'POST',
      url: '/api/auth/domain-package',
      payload: { domain: 'unknown-x.test' },
    });
    expect(none.json()).toEqual({ package: null });
  });

  it('locks one address out after 5 failures, even with the right password, but not the owner elsewhere', async () => {
    const victim = await t.customer();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await login(
            { domain: victim.domain, username: 'beheer', password: `Guess-${i}-abcdef!` },
            '10.1.1.1',
          )
        ).statusCode,
      ).toBe(401);
    }
    const locked = await login(
      { domain: victim.domain, username: 'beheer', password: victim.password },
      '10.1.1.1',
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ custom_message: 'too_many_attempts' });
    expect(
      (
        await login(
          { domain: victim.domain, username: 'beheer', password: victim.password },
          '10.1.1.2',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a guesser spread over many addresses locks new devices, never a device the owner used', async () => {
    const victim = await t.customer();
    expect(
      (
        await login(
          { domain: victim.domain, username: 'beheer', password: victim.password },
          '192.0.2.10',
        )
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 20; i++) {
      await login(
        { domain: victim.domain, username: 'beheer', password: `Guess-${i}-abcdef!` },
        `198.51.100.${i}`,
      );
    }
    expect(
      (
        await login(
          { domain: victim.domain, username: 'beheer', password: victim.password },
          '203.0.113.7',
        )
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await login(
          { domain: victim.domain, username: 'beheer', password: victim.password },
          '192.0.2.10',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refreshes a token, validates it, and refuses it after logout', async () => {
    const token = await t.login(c);
    const refreshed = await t.call({ method: 'POST', url: '/api/auth/refresh-token', token });
    expect(refreshed.statusCode).toBe(200);
    const fresh = (refreshed.json() as { token: string }).token;
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/validate', token: fresh })).json(),
    ).toEqual({ valid: true });
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/logout', token: fresh })).statusCode,
    ).toBe(200);
    for (const tk of [token, fresh]) {
      const res = await t.call({ method: 'GET', url: '/api/user', token: tk });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ custom_message: 'unauthorized' });
    }
    expect((await t.call({ method: 'POST', url: '/api/auth/validate', token })).json()).toEqual({
      valid: false,
    });
  });

  it('refuses forged and missing tokens', async () => {
    const token = await t.login(c);
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.call({ method: 'GET', url: '/api/user', token: forged })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/user', headers: { authorization: 'Basic abc' } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 401 before looking at the body of a protected call', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/user/update`,
      payload: { bad: true },
    });
    expect(res.statusCode).toBe(401);
  });
});
