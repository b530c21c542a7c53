import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

// Whose address the login records (and the lockout and rate limits count), with and without a
// trusted proxy in front. A client may send any X-Forwarded-For; only what a trusted proxy added
// counts (operations.md's nginx appends the address it saw).
describe('the client address behind TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function loginIp(env: Record<string, string>, from: string, forwarded?: string) {
    t = await createTestApp({ env });
    const c = await t.customer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      payload: { domain: c.domain, username: c.username, password: c.password },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('sessions').select('ip').execute();
    return rows.map((r) => r.ip);
  }

  it('is the address nginx on this machine saw, not what the client claimed before it', async () => {
    expect(
      await loginIp({ TRUST_PROXY: 'true' }, '127.0.0.1', '203.0.113.9, 198.51.100.7'),
    ).toEqual(['198.51.100.7']);
  });

  it('ignores the header from a client that is not a trusted proxy', async () => {
    expect(await loginIp({ TRUST_PROXY: 'true' }, '198.51.100.20', '127.0.0.1')).toEqual([
      '198.51.100.20',
    ]);
  });

  it('ignores the header without TRUST_PROXY', async () => {
    expect(await loginIp({}, '127.0.0.1', '198.51.100.7')).toEqual(['127.0.0.1']);
  });

  it('ignores the header over TCP when the proxy comes through its socket', async () => {
    // A website's PHP connecting to the panel's port is not nginx, though both are loopback.
    const env = { PROXY_SOCKET: '/run/haven/panel.sock' };
    expect(await loginIp(env, '127.0.0.1', '198.51.100.7')).toEqual(['127.0.0.1']);
  });

  it('walks back through the listed proxies only', async () => {
    const env = { TRUST_PROXY: '10.0.0.0/8' };
    expect(await loginIp(env, '10.1.2.3', '203.0.113.9, 198.51.100.7, 10.9.9.9')).toEqual([
      '198.51.100.7',
    ]);
  });
});
