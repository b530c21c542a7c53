import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { webmailRedeemKey } from './webmail-key.ts';
import { addMailboxes } from '../../../test/support/mailboxes.ts';

const PW = 'Zeer-geheim-2026!x';

describe('webmail sign-on tokens (API)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let key = '';
  let now = Date.now();
  const open = (name: string, as = token) =>
    t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address/${name}/webmail`,
      token: as,
    });
  const redeem = (sso: string, k = key) =>
    t.call({ method: 'POST', url: '/api/webmail/redeem', payload: { token: sso, key: k } });
  const ssoOf = (url: string) => new URL(url).searchParams.get('_haven_sso') ?? '';

  beforeAll(async () => {
    t = await createTestApp({
      env: { HAVEN_WEBMAIL_URL: 'http://webmail.test:8081/' },
      clock: { now: () => now },
    });
    key = webmailRedeemKey(t.ctx.config.secret, t.dataDir);
    c = await t.customer();
    token = await t.login(c);
    await addMailboxes(t, c, token, ['anna', 'bob'], PW);
  });
  afterAll(() => t.close());

  it('opens the chosen mailbox once: a second redeem of the same token is refused', async () => {
    expect(
      (await t.call({ method: 'GET', url: `/api/${c.domain}/mail/webmail`, token })).json(),
    ).toEqual({
      configured: true,
    });
    const res = await open('anna');
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_in } = res.json() as { url: string; expires_in: number };
    expect(url).toMatch(/^http:\/\/webmail\.test:8081\/\?_haven_sso=[\w-]{43}$/);
    expect(expires_in).toBe(60);
    const first = await redeem(ssoOf(url));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ address: `anna@${c.domain}` });
    const again = await redeem(ssoOf(url));
    expect([again.statusCode, again.json().custom_message]).toEqual([401, 'invalid_token']);
    // Only the hash is stored.
    const rows = await t.ctx.db.selectFrom('webmail_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(ssoOf(url));
  });

  it('refuses an expired token, a wrong key and a made-up token', async () => {
    const { url } = (await open('bob')).json() as { url: string };
    expect((await redeem(ssoOf(url), 'wrong-key')).statusCode).toBe(401);
    now += 61_000;
    expect((await redeem(ssoOf(url))).json().custom_message).toBe('invalid_token');
    expect((await redeem('x'.repeat(43))).statusCode).toBe(401);
  });

  it("keeps an EMAIL login to its own mailbox and another customer's out", async () => {
    const bob = await t.login({ domain: c.domain, username: 'bob', password: PW });
    expect((await open('anna', bob)).statusCode).toBe(404);
    const own = await open('bob', bob);
    expect(own.statusCode).toBe(200);
    const other = await t.customer();
    const res = await t.call({
      method: 'POST',
      url: `/api/${other.domain}/mail/account/address/anna/webmail`,
      token,
    });
    expect(res.statusCode).toBe(404);
    expect((await open('nobody')).statusCode).toBe(404);
  });

  it('answers webmail_unavailable when the operator configured no webmail', async () => {
    const bare = await createTestApp();
    try {
      const cust = await bare.customer();
      const tok = await bare.login(cust);
      const info = await bare.call({
        method: 'GET',
        url: `/api/${cust.domain}/mail/webmail`,
        token: tok,
      });
      expect(info.json()).toEqual({ configured: false });
      await bare.call({
        method: 'POST',
        url: `/api/${cust.domain}/mail/account/address`,
        token: tok,
        payload: {
          name: 'x',
          password: PW,
          passwordRepeat: PW,
          forwarding: { address: [] },
          alias: [],
        },
      });
      const res = await bare.call({
        method: 'POST',
        url: `/api/${cust.domain}/mail/account/address/x/webmail`,
        token: tok,
      });
      expect([res.statusCode, res.json().custom_message]).toEqual([503, 'webmail_unavailable']);
    } finally {
      await bare.close();
    }
  });
});
