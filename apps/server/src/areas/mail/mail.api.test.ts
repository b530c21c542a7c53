import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

const PW = 'Zeer-geheim-2026!x';

describe('mail addresses and groups (API, real postmap, passwd-file and sievec)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  const maps = (name: string) =>
    readFile(join(t.dataDir, 'mail', 'maps', name), 'utf8').catch(() => '');
  const passwd = () => readFile(join(t.dataDir, 'mail', 'passwd'), 'utf8').catch(() => '');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${c.domain}/mail${path}`, token, ...(payload ? { payload } : {}) });
  const address = (name: string, extra: object = {}) => ({
    name,
    password: PW,
    passwordRepeat: PW,
    forwarding: { address: [] },
    alias: [],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    token = await t.login(c);
  });
  afterAll(() => t.close());

  it('creates a mailbox: Postfix maps, Dovecot passwd-file (argon2id) and the list with usage', async () => {
    const res = await call(
      'POST',
      '/account/address',
      address(' Info ', { alias: ['Sales Team'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'info', alias: ['salesteam'], usage: 0 });
    const box = `info@${c.domain}`;
    expect(await maps('mailboxes')).toContain(`${box} OK`);
    expect(await maps('aliases')).toContain(`salesteam@${c.domain} ${box}`);
    expect(await passwd()).toMatch(new RegExp(`^${box}:\\{ARGON2ID\\}\\$argon2id\\$`, 'm'));
    const list = await call('GET', '/account/address');
    expect(list.json()).toMatchObject({
      accounts: [{ name: 'info', address: box, mailbox: { usage: 0, quota: 0 } }],
      limit: { current: 1, max: null },
      active: true,
    });
  });

  it('refuses bad local parts with a clear error and changes no map', async () => {
    const before = [await maps('mailboxes'), await maps('aliases'), await passwd()];
    for (const name of ['"quoted"', 'with space', 'ünïcode', 'two..dots', 'x'.repeat(65)]) {
      const res = await call('POST', '/account/address', address(name));
      expect([name, res.statusCode, res.json().custom_message]).toEqual([name, 422, 'validation']);
      expect(res.json().fields).toHaveProperty('name');
    }
    const alias = await call('POST', '/account/address', address('ok', { alias: ['a,b'] }));
    expect(alias.json().fields).toEqual({ 'alias.0': 'mail.account.alias.invalid' });
    expect([await maps('mailboxes'), await maps('aliases'), await passwd()]).toEqual(before);
  });

  it('refuses a name held by a group, a group alias, an address or an address alias', async () => {
    const group = await call('POST', '/account/group', {
      name: 'team',
      alias: ['crew'],
      members: [`info@${c.domain}`, 'extern@example.org'],
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(await maps('aliases')).toContain(`team@${c.domain} info@${c.domain},extern@example.org`);
    const clash = async (name: string, alias: string[] = []) =>
      (await call('POST', '/account/address', address(name, { alias }))).json<{
        custom_message: string;
      }>().custom_message;
    expect(await clash('team')).toBe('exists_as_group');
    expect(await clash('crew')).toBe('exists_as_group_alias');
    expect(await clash('info')).toBe('exists_as_address');
    expect(await clash('salesteam')).toBe('exists_as_address_alias');
    expect(await clash('fresh', ['crew'])).toBe('exists_as_group_alias');
  });

  it('refuses a weak password and a group that sends mail in a circle', async () => {
    const weak = await call('POST', '/account/address', {
      ...address('weak'),
      password: 'password',
      passwordRepeat: 'password',
    });
    expect([weak.statusCode, weak.json().custom_message]).toEqual([422, 'invalid_password']);
    await call('POST', '/account/group', { name: 'loop-a', alias: [], members: ['x@example.org'] });
    const b = await call('POST', '/account/group', {
      name: 'loop-b',
      alias: [],
      members: [`loop-a@${c.domain}`],
    });
    expect(b.statusCode).toBe(200);
    const loop = await call('PUT', '/account/group/loop-a', {
      alias: [],
      members: [`loop-b@${c.domain}`],
    });
    expect([loop.statusCode, loop.json().custom_message]).toEqual([422, 'alias_loop']);
    expect(await maps('aliases')).toContain(`loop-a@${c.domain} x@example.org`);
  });

  it('deletes a group and a mailbox: gone from the maps and the passwd-file', async () => {
    await call('POST', '/account/address', address('weg'));
    expect(await passwd()).toContain(`weg@${c.domain}:`);
    expect((await call('DELETE', '/account/address/weg')).statusCode).toBe(200);
    expect((await call('DELETE', '/account/group/loop-b')).statusCode).toBe(200);
    expect(await passwd()).not.toContain(`weg@${c.domain}:`);
    expect(await maps('aliases')).not.toContain(`loop-b@${c.domain}`);
    expect((await call('GET', '/account/address/weg')).statusCode).toBe(404);
  });

  it("answers 404 for another customer's domain, and changes nothing there", async () => {
    const other = await t.customer();
    const res = await t.call({
      method: 'POST',
      url: `/api/${other.domain}/mail/account/address`,
      token,
      payload: address('stolen'),
    });
    expect(res.statusCode).toBe(404);
    expect(await maps('mailboxes')).not.toContain(`stolen@`);
  });

  it('limits an instap domain to 5 mailboxes (account_limit)', async () => {
    const instap = await t.customer({ instap: true });
    const own = await t.login(instap);
    const create = (name: string) =>
      t.call({
        method: 'POST',
        url: `/api/${instap.domain}/mail/account/address`,
        token: own,
        payload: address(name),
      });
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5'])
      expect((await create(name)).statusCode).toBe(200);
    const sixth = await create('a6');
    expect([sixth.statusCode, sixth.json().custom_message]).toEqual([409, 'account_limit']);
    const list = await t.call({
      method: 'GET',
      url: `/api/${instap.domain}/mail/account/address`,
      token: own,
    });
    expect(list.json().limit).toEqual({ current: 5, max: 5 });
  });
});
