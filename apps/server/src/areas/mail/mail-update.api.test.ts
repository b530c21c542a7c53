import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

const PW = 'Zeer-geheim-2026!x';

describe('a mailbox update: password, aliases, forwarding, autoresponder and spam (Sieve)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  const box = () => `anna@${c.domain}`;
  const sieve = () =>
    readFile(join(t.dataDir, 'mail', 'boxes', c.domain, 'anna', 'sieve', 'active.sieve'), 'utf8');
  const passwd = () => readFile(join(t.dataDir, 'mail', 'passwd'), 'utf8');
  const put = (body: object, name = 'anna', own = token) =>
    t.call({
      method: 'PUT',
      url: `/api/${c.domain}/mail/account/address/${name}`,
      token: own,
      payload: body,
    });
  const base = {
    forwarding: { address: [] },
    alias: [],
    quota: 0,
    autoresponder: AUTORESPONDER_DEFAULTS,
    spamfilter: SPAMFILTER_DEFAULTS,
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    token = await t.login(c);
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address`,
      token,
      payload: {
        name: 'anna',
        password: PW,
        passwordRepeat: PW,
        forwarding: { address: [] },
        alias: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('writes the autoresponder as a compiled Sieve vacation, HTML sanitised', async () => {
    const res = await put({
      ...base,
      autoresponder: {
        enabled: true,
        subject: 'Afwezig',
        content_type: 'html',
        text: '<p>Tot maandag</p><script>alert(1)</script>',
        days: 3,
        end_date: '2099-12-31',
      },
      spamfilter: { ...SPAMFILTER_DEFAULTS, action: 'move', whitelist: ['*@Friends.test'] },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { errors: [] }]);
    const script = await sieve();
    expect(script).toContain('vacation');
    expect(script).toContain(':days 3');
    expect(script).toContain('fileinto');
    expect(script).toContain('*@friends.test');
    const decoded = [...script.matchAll(/^([A-Za-z0-9+/=]{20,})$/gm)]
      .map((m) => Buffer.from(m[1] ?? '', 'base64').toString('utf8'))
      .join('\n');
    expect(decoded).toContain('Tot maandag');
    expect(`${script}\n${decoded}`).not.toMatch(/<script|alert\(1\)/);
    const detail = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/account/address/anna`,
      token,
    });
    expect(detail.json().autoresponder).toMatchObject({ enabled: true, days: 3 });
    expect(detail.json().spamfilter.whitelist).toEqual(['*@friends.test']);
  });

  it('refuses a newline in the subject and a bad whitelist entry; the script stays', async () => {
    const before = await sieve();
    const subject = await put({
      ...base,
      autoresponder: {
        ...AUTORESPONDER_DEFAULTS,
        enabled: true,
        subject: 'Hi\r\nBcc: x@evil.test',
      },
    });
    expect(subject.statusCode).toBe(422);
    expect(subject.json().fields).toEqual({ 'autoresponder.subject': 'subject_invalid' });
    const white = await put({
      ...base,
      spamfilter: { ...SPAMFILTER_DEFAULTS, whitelist: ['no at'] },
    });
    expect(white.json().fields).toEqual({ 'spamfilter.whitelist': 'spamfilter_invalid' });
    expect(await sieve()).toBe(before);
  });

  it('refuses a forward to itself (a loop), keeps the old maps', async () => {
    const res = await put({ ...base, alias: ['a'], forwarding: { address: [`a@${c.domain}`] } });
    expect([res.statusCode, res.json().custom_message]).toEqual([422, 'alias_loop']);
  });

  it("refuses the autoresponder's forward-to its own address; reads older rows with defaults", async () => {
    const before = await sieve();
    const own = await put({
      ...base,
      alias: ['weg'],
      autoresponder: {
        ...AUTORESPONDER_DEFAULTS,
        enabled: true,
        text: 'x',
        forward_to: `weg@${c.domain}`,
      },
    });
    expect([own.statusCode, own.json().custom_message]).toEqual([422, 'alias_loop']);
    const spread = await put({
      ...base,
      autoresponder: { ...AUTORESPONDER_DEFAULTS, days: 7, answers_per_day: 2 },
    });
    expect(spread.json().fields).toEqual({
      'autoresponder.answers_per_day': 'answers_per_day_invalid',
    });
    expect(await sieve()).toBe(before);
    // A row saved before the fields existed reads back with their defaults, not reset.
    const {
      answers_per_day: _a,
      forward_to: _f,
      ...older
    } = {
      ...AUTORESPONDER_DEFAULTS,
      enabled: true,
      subject: 'Oud',
    };
    await t.ctx.db
      .updateTable('mail_accounts')
      .set({ autoresponder: JSON.stringify(older) })
      .where('name', '=', 'anna')
      .execute();
    const detail = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/account/address/anna`,
      token,
    });
    expect(detail.json().autoresponder).toMatchObject({
      subject: 'Oud',
      answers_per_day: 1,
      forward_to: null,
    });
  });

  it('changes the password (the hash in the passwd-file); an empty one keeps it', async () => {
    const before = await passwd();
    await put({ ...base, password: '', passwordRepeat: '' });
    expect(await passwd()).toBe(before);
    const res = await put({
      ...base,
      password: 'Nieuw-wachtwoord-2027!',
      passwordRepeat: 'Nieuw-wachtwoord-2027!',
    });
    expect(res.statusCode).toBe(200);
    expect(await passwd()).not.toBe(before);
    expect(await passwd()).toContain(`${box()}:{ARGON2ID}`);
  });

  it('gives the mailbox an EMAIL login with its password; a new password ends the old one', async () => {
    const login = (password: string) =>
      t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { domain: c.domain, username: 'anna', password },
      });
    // The password was changed in the test before: the first one no longer opens the login.
    expect((await login(PW)).statusCode).toBe(401);
    const res = await login('Nieuw-wachtwoord-2027!');
    expect(res.statusCode).toBe(200);
    const me = await t.call({
      method: 'GET',
      url: '/api/user',
      token: res.json<{ token: string }>().token,
    });
    expect(me.json()).toMatchObject({ type: 'EMAIL', email: box() });
  });

  it("follows the login's password changed on the account page (one password for both)", async () => {
    const own = await t.login({
      domain: c.domain,
      username: 'anna',
      password: 'Nieuw-wachtwoord-2027!',
    });
    const before = await passwd();
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/user/update`,
      token: own,
      payload: { current_password: 'Nieuw-wachtwoord-2027!', password: 'Via-account-2028!z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const identity = await t.ctx.customers.identityByLogin(
      (await t.ctx.customers.domainByName(c.domain))?.id ?? 0,
      'anna',
    );
    const line = (await passwd()).split('\n').find((l) => l.startsWith(`${box()}:`)) ?? '';
    expect(await passwd()).not.toBe(before);
    expect(line).toContain(`{ARGON2ID}${identity?.password_hash ?? 'none'}:`);
    // Back to the password the next test logs in with.
    const back = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/user/update`,
      token: res.json<{ token: string }>().token,
      payload: { current_password: 'Via-account-2028!z', password: 'Nieuw-wachtwoord-2027!' },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('lets an EMAIL login see and change only its own mailbox, not its names', async () => {
    const own = await t.login({
      domain: c.domain,
      username: 'anna',
      password: 'Nieuw-wachtwoord-2027!',
    });
    const res = await put({ ...base, alias: ['stiekem'], quota: 99 }, 'anna', own);
    expect(res.statusCode).toBe(200);
    const detail = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/account/address/anna`,
      token: own,
    });
    expect(detail.json()).toMatchObject({ alias: [], quota: 0 });
    await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address`,
      token,
      payload: {
        name: 'bob',
        password: PW,
        passwordRepeat: PW,
        forwarding: { address: [] },
        alias: [],
      },
    });
    expect((await put(base, 'bob', own)).statusCode).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/account/address`,
      token: own,
    });
    expect(list.statusCode).toBe(403);
    const settings = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/settings`,
      token: own,
    });
    expect(settings.statusCode).toBe(403);
  });
});
