import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import { loadSecret } from '../../lib/secret.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

const PW = 'Lijst-geheim-2026!x';

describe('mailing lists (API: SQL, the real Postfix maps, shared names, unsubscribe link)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let port: number;
  const maps = (name: string) =>
    readFile(join(t.dataDir, 'mail', 'maps', name), 'utf8').catch(() => '');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${c.domain}/mail${path}`, token, ...(payload ? { payload } : {}) });
  const list = (name: string, extra: object = {}) => ({
    name,
    admin_email: `beheer@${c.domain}`,
    password: PW,
    passwordRepeat: PW,
    active: true,
    ...extra,
  });
  const mailbox = (name: string) => ({
    name,
    password: PW,
    passwordRepeat: PW,
    forwarding: { address: [] },
    alias: [],
  });

  beforeAll(async () => {
    // Only rendered into the transport map here: nothing listens in this test.
    port = await freePort();
    t = await createTestApp({ mailLists: { port, smtpPort: port } });
    c = await t.customer();
    token = await t.login(c);
  });
  afterAll(() => t.close());

  it('creates a list: its address and bounce address are routed to the expander', async () => {
    const made = await call('POST', '/list', list('Nieuws'));
    expect([made.statusCode, made.json()]).toEqual([
      200,
      {
        name: 'nieuws',
        address: `nieuws@${c.domain}`,
        admin_email: `beheer@${c.domain}`,
        active: true,
        subscribers: 0,
      },
    ]);
    const transport = `lmtp:inet:127.0.0.1:${port}`;
    expect(await maps('transport')).toBe(
      `nieuws@${c.domain} ${transport}\nnieuws+bounces@${c.domain} ${transport}\n`,
    );
    expect(await maps('aliases')).toContain(`nieuws@${c.domain} nieuws@${c.domain}`);
    expect((await call('GET', '/list')).json()).toMatchObject({
      lists: [{ name: 'nieuws' }],
      mail_active: true,
    });
    expect((await call('GET', '/list/nieuws')).json().name).toBe('nieuws');
  });

  it('shares the domain names with mailboxes, groups and forwards, both ways', async () => {
    expect((await call('POST', '/account/address', mailbox('info'))).statusCode).toBe(200);
    const taken = await call('POST', '/list', list('info'));
    expect([taken.statusCode, taken.json().custom_message]).toEqual([409, 'name_exists']);
    for (const name of ['nieuws', 'nieuws+bounces']) {
      const box = await call('POST', '/account/address', mailbox(name));
      expect([box.statusCode, box.json().custom_message]).toEqual([409, 'exists_as_list']);
    }
    const fwd = await call('POST', '/forward', { from: 'nieuws', to: 'a@example.org' });
    expect([fwd.statusCode, fwd.json().custom_message]).toEqual([409, 'from_in_use']);
    const twice = await call('POST', '/list', list('nieuws'));
    expect(twice.json().custom_message).toBe('name_exists');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await maps('transport');
    for (const name of ['a+b', 'a..b', '.a', 'x'.repeat(57), 'naïve', 'a b', "a'b", 'a\nb']) {
      const res = await call('POST', '/list', list(name));
      expect([name, res.statusCode, res.json().fields?.name]).toEqual([
        name,
        422,
        expect.any(String),
      ]);
    }
    const weak = await call(
      'POST',
      '/list',
      list('zwak', { password: 'password', passwordRepeat: 'password' }),
    );
    expect(weak.json().custom_message).toBe('invalid_password');
    const mismatch = await call('POST', '/list', list('twee', { passwordRepeat: 'other' }));
    expect([mismatch.statusCode, mismatch.json().fields]).toEqual([
      422,
      { passwordRepeat: 'confirmed' },
    ]);
    const admin = await call('POST', '/list', list('drie', { admin_email: 'x@y\r\nBcc: z@q.nl' }));
    expect([admin.statusCode, admin.json().fields]).toEqual([422, { admin_email: 'email' }]);
    expect(await maps('transport')).toBe(before);
  });

  it('subscribes and unsubscribes; offers the domain addresses not subscribed yet', async () => {
    expect((await call('GET', '/list/nieuws/available')).json()).toEqual({
      addresses: [`info@${c.domain}`],
    });
    const one = await call('POST', '/list/nieuws/subscribers', { email: `Info@${c.domain}` });
    expect(one.json().subscribers).toEqual([
      { email: `info@${c.domain}`, since: expect.any(Number) },
    ]);
    await call('POST', '/list/nieuws/subscribers', { email: 'lid@example.org' });
    const again = await call('POST', '/list/nieuws/subscribers', { email: 'lid@example.org' });
    expect([again.statusCode, again.json().custom_message]).toEqual([409, 'already_subscribed']);
    const bad = await call('POST', '/list/nieuws/subscribers', { email: 'geen adres' });
    expect([bad.statusCode, bad.json().fields]).toEqual([422, { email: 'email' }]);
    expect((await call('GET', '/list/nieuws/available')).json()).toEqual({ addresses: [] });
    expect((await call('GET', '/list/nieuws')).json().subscribers).toBe(2);
    const gone = await call(
      'DELETE',
      `/list/nieuws/subscribers/${encodeURIComponent('lid@example.org')}`,
    );
    const left = gone.json<{ subscribers: { email: string }[] }>().subscribers;
    expect(left.map((s) => s.email)).toEqual([`info@${c.domain}`]);
    const none = await call('DELETE', '/list/nieuws/subscribers/lid@example.org');
    expect([none.statusCode, none.json().custom_message]).toEqual([404, 'not_subscribed']);
  });

  it('an inactive list is not routed; update keeps the password when empty; delete', async () => {
    const off = await call('PUT', '/list/nieuws', {
      admin_email: `info@${c.domain}`,
      active: false,
    });
    expect(off.json()).toMatchObject({ active: false, admin_email: `info@${c.domain}` });
    expect(await maps('transport')).toBe('');
    await call('PUT', '/list/nieuws', { admin_email: `info@${c.domain}`, active: true });
    expect(await maps('transport')).toContain(`nieuws@${c.domain}`);
    await call('POST', '/list', list('weg'));
    expect((await call('DELETE', '/list/weg')).statusCode).toBe(200);
    expect(await maps('transport')).not.toContain(`weg@${c.domain}`);
    const missing = await call('GET', '/list/weg');
    expect(missing.statusCode).toBe(404);
  });

  it('a deleted mailbox or group leaves every list of the domain, with its aliases', async () => {
    const box = await call('POST', '/account/address', { ...mailbox('vertrek'), alias: ['oud'] });
    expect(box.statusCode).toBe(200);
    const group = { name: 'bestuur', alias: [], members: [`info@${c.domain}`] };
    expect((await call('POST', '/account/group', group)).statusCode).toBe(200);
    const lists = ['club', 'koor'];
    const members = ['vertrek', 'oud', 'bestuur', 'info'].map((n) => `${n}@${c.domain}`);
    for (const name of lists) {
      expect((await call('POST', '/list', list(name))).statusCode).toBe(200);
      for (const email of [...members, 'vertrek@example.org'])
        expect((await call('POST', `/list/${name}/subscribers`, { email })).statusCode).toBe(200);
    }
    const subscribed = async (name: string) =>
      (await call('GET', `/list/${name}/subscribers`))
        .json<{ subscribers: { email: string }[] }>()
        .subscribers.map((s) => s.email);
    expect((await call('DELETE', '/account/address/vertrek')).statusCode).toBe(200);
    for (const name of lists)
      expect(await subscribed(name)).toEqual([
        `bestuur@${c.domain}`,
        `info@${c.domain}`,
        'vertrek@example.org',
      ]);
    expect((await call('DELETE', '/account/group/bestuur')).statusCode).toBe(200);
    for (const name of lists)
      expect(await subscribed(name)).toEqual([`info@${c.domain}`, 'vertrek@example.org']);
  });

  it("another customer's domain answers 404", async () => {
    const other = await t.customer();
    const otherToken = await t.login(other);
    const res = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/mail/list`,
      token: otherToken,
    });
    expect(res.statusCode).toBe(404);
  });

  it('the unsubscribe link: a confirm page on GET, removal on POST; a forged or expired one fails', async () => {
    const secret = loadSecret(t.ctx.config.secret, t.dataDir);
    const row = await t.ctx.db
      .selectFrom('mail_lists')
      .select('id')
      .where('name', '=', 'nieuws')
      .executeTakeFirstOrThrow();
    const email = `info@${c.domain}`;
    const link = await unsubscribeTokens(secret, Date.now).sign({ listId: row.id, email });
    const page = await t.call({ method: 'GET', url: `/mail-list/unsubscribe/${link}` });
    expect([page.statusCode, page.body]).toEqual([200, expect.stringContaining(email)]);
    expect((await call('GET', '/list/nieuws')).json().subscribers).toBe(1);
    const forged = await unsubscribeTokens(new TextEncoder().encode('x'.repeat(40)), Date.now).sign(
      { listId: row.id, email },
    );
    expect(
      (await t.call({ method: 'POST', url: `/mail-list/unsubscribe/${forged}` })).statusCode,
    ).toBe(404);
    const old = await unsubscribeTokens(secret, () => Date.now() - 91 * 86_400_000).sign({
      listId: row.id,
      email,
    });
    expect(
      (await t.call({ method: 'POST', url: `/mail-list/unsubscribe/${old}` })).statusCode,
    ).toBe(404);
    const oneClick = await t.call({
      method: 'POST',
      url: `/mail-list/unsubscribe/${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([oneClick.statusCode, oneClick.body]).toEqual([200, expect.stringContaining(email)]);
    expect((await call('GET', '/list/nieuws')).json().subscribers).toBe(0);
  });
});
