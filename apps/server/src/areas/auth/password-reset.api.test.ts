import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

/** A clock the test moves by hand. */
const clock = {
  t: Date.now(),
  now() {
    return this.t;
  },
};

async function outbox(t: TestApp): Promise<string[]> {
  const dir = join(t.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(join(dir, f), 'utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      return `${head}\n${Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')}`;
    }),
  );
}

function tokenIn(mail: string): string {
  const m = /password-forgotten\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!m?.[1]) throw new Error('no link in mail');
  return m[1];
}

describe('password reset', () => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    c = await t.customer();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip = '10.2.0.1') =>
    t.call({ method: 'POST', url, payload, remoteAddress: ip });

  it('answers the same for a known and an unknown domain, and mails only the known one', async () => {
    const known = await post('/api/auth/password-forgotten', { domain: c.domain, language: 'en' });
    const unknown = await post('/api/auth/password-forgotten', {
      domain: 'no-such-domain.test',
      language: 'en',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await outbox(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: owner@${c.domain}`);
    expect(mails[0]).toContain('Choose a new password');
    expect(mails[0]).toContain('http://panel.test/password-forgotten/');
  });

  it('writes the mail in Dutch when asked', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'nl' });
    const mail = (await outbox(t)).find((m) => m.includes(`To: owner@${d.domain}`));
    expect(mail).toContain('Kies een nieuw wachtwoord');
  });

  it('validates a token, refuses a weak password, sets a good one once, and unlocks the login', async () => {
    const d = await t.customer();
    for (let i = 0; i < 5; i++)
      await post(
        '/api/auth/login',
        { domain: d.domain, username: 'beheer', password: `Wrong-${i}-abcdefg!` },
        '10.3.0.1',
      );
    expect(
      (
        await post(
          '/api/auth/login',
          { domain: d.domain, username: 'beheer', password: d.password },
          '10.3.0.1',
        )
      ).statusCode,
    ).toBe(429);
    const session = await t.login(d, '10.3.0.2');

    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'nl' });
    const token = tokenIn((await outbox(t)).find((m) => m.includes(`To: owner@${d.domain}`))!);
    expect((await post('/api/auth/password-forgotten-validate', { token })).json()).toEqual({
      domain: d.domain,
      username: 'beheer',
    });
    const weak = await post('/api/auth/password-forgotten-update', { token, password: 'password' });
    expect(weak.statusCode).toBe(422);
    expect((weak.json() as { custom_message: string }).custom_message).toBe('invalid_password');

    const ok = await post(
      '/api/auth/password-forgotten-update',
      { token, password: 'Fresh-Start-2026!q' },
      '10.3.0.1',
    );
    expect(ok.statusCode).toBe(200);
    const reused = await post('/api/auth/password-forgotten-update', {
      token,
      password: 'Other-Start-2026!q',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ custom_message: 'expired' });
    expect((await post('/api/auth/password-forgotten-validate', { token })).json()).toEqual({
      domain: '',
      username: '',
    });

    expect((await t.call({ method: 'GET', url: '/api/user', token: session })).statusCode).toBe(
      401,
    );
    expect(
      (
        await post(
          '/api/auth/login',
          { domain: d.domain, username: 'beheer', password: 'Fresh-Start-2026!q' },
          '10.3.0.1',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token and garbage tokens', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const token = tokenIn((await outbox(t)).find((m) => m.includes(`To: owner@${d.domain}`))!);
    clock.t += 61 * 60_000;
    const res = await post('/api/auth/password-forgotten-update', {
      token,
      password: 'Fresh-Start-2026!q',
    });
    expect(res.json()).toEqual({ custom_message: 'expired' });
    for (const bad of ['', 'short', 'x'.repeat(150), '../../etc/passwd', "' OR 1=1 --"]) {
      expect((await post('/api/auth/password-forgotten-validate', { token: bad })).json()).toEqual({
        domain: '',
        username: '',
      });
      expect(
        (
          await post('/api/auth/password-forgotten-update', {
            token: bad,
            password: 'Fresh-Start-2026!q',
          })
        ).statusCode,
      ).toBe(422);
    }
  });

  it('sends at most three mails per 15 minutes for one login', async () => {
    const d = await t.customer();
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' }))
          .statusCode,
      ).toBe(200);
    expect((await outbox(t)).filter((m) => m.includes(`To: owner@${d.domain}`))).toHaveLength(3);
  });
});

describe('password reset tokens and notice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip = '10.4.0.1') =>
    t.call({ method: 'POST', url, payload, remoteAddress: ip });
  const mailsTo = async (domain: string) =>
    (await outbox(t)).filter((m) => m.includes(`To: owner@${domain}`));

  it('a new request invalidates the earlier link of that login', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const [first] = (await mailsTo(d.domain)).map(tokenIn);
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const second = (await mailsTo(d.domain)).map(tokenIn).find((tk) => tk !== first);
    expect(first && second).toBeTruthy();
    expect((await post('/api/auth/password-forgotten-validate', { token: first! })).json()).toEqual(
      {
        domain: '',
        username: '',
      },
    );
    const old = await post('/api/auth/password-forgotten-update', {
      token: first!,
      password: 'Fresh-Start-2026!q',
    });
    expect(old.json()).toEqual({ custom_message: 'expired' });
    expect(
      (await post('/api/auth/password-forgotten-validate', { token: second! })).json(),
    ).toEqual({ domain: d.domain, username: 'beheer' });
  });

  it('a password change in the panel invalidates every outstanding link', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const [token] = (await mailsTo(d.domain)).map(tokenIn);
    const session = await t.login(d, '10.4.0.2');
    const changed = await t.call({
      method: 'POST',
      url: `/api/${d.domain}/user/update`,
      token: session,
      payload: { current_password: d.password, password: 'Panel-Changed-2026!x' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/password-forgotten-validate', { token: token! })).json()).toEqual(
      {
        domain: '',
        username: '',
      },
    );
  });

  it('a password the operator sets invalidates every outstanding link', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const [token] = (await mailsTo(d.domain)).map(tokenIn);
    await t.ctx.operator.resetPassword(d.domain, 'beheer', 'Operator-Set-2026!x');
    expect((await post('/api/auth/password-forgotten-validate', { token: token! })).json()).toEqual(
      {
        domain: '',
        username: '',
      },
    );
  });

  it('a successful reset mails a notice to the account, in the login language', async () => {
    const d = await t.customer();
    await post('/api/auth/password-forgotten', { domain: d.domain, language: 'en' });
    const [token] = (await mailsTo(d.domain)).map(tokenIn);
    const ok = await post('/api/auth/password-forgotten-update', {
      token: token!,
      password: 'Fresh-Start-2026!q',
    });
    expect(ok.statusCode).toBe(200);
    const mails = await mailsTo(d.domain);
    expect(mails).toHaveLength(2);
    // The login's language is nl (the default): the notice is Dutch, without a link.
    const notice = mails.find((m) => !m.includes('password-forgotten/'));
    expect(notice).toContain('gewijzigd');
  });
});
