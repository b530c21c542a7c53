import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('webhosting web user API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  const name = `jan${randomBytes(2).toString('hex')}`;
  const base = () => `/api/${a.domain}/webhosting/webuser`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = token) =>
    t.call({ method, url, token: as, ...(payload ? { payload } : {}) });
  const passwd = () => readFile(join(t.dataDir, 'ftp', 'pureftpd.passwd'), 'utf8').catch(() => '');

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
  });
  afterAll(() => t.close());

  it('adds a web user as a pure-ftpd account chrooted to the domain home', async () => {
    const res = await call('POST', base(), { name, password: 'Webuser-pass-1!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, home: '', subdomains: [] });
    expect(await passwd()).toMatch(
      new RegExp(`^${name}:\\$argon2id\\$.*::${t.dataDir}/homes/${a.domain}/\\./:`, 'm'),
    );
    expect((await call('GET', base())).json()).toMatchObject({ webusers: [{ name }] });
    expect((await call('GET', `${base()}/${name}`)).json()).toMatchObject({ name });
  });

  it('refuses a name another customer (or this one) already has, also when two requests race', async () => {
    const tokenB = await t.login(b);
    const other = await call(
      'POST',
      `/api/${b.domain}/webhosting/webuser`,
      { name, password: 'Webuser-pass-1!' },
      tokenB,
    );
    expect(other.json()).toEqual({ custom_message: 'user_exists' });
    const raced = `race${randomBytes(2).toString('hex')}`;
    const results = await Promise.all(
      [0, 1, 2].map(() => call('POST', base(), { name: raced, password: 'Webuser-pass-1!' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await passwd()).split('\n').filter((l) => l.startsWith(`${raced}:`))).toHaveLength(1);
  });

  it.each([
    ['', 'invalid_username'],
    ['Jan', 'invalid_username'],
    ['jan doe', 'invalid_username'],
    ['../jan', 'invalid_username'],
    ['jan:0:0', 'invalid_username'],
    ['jan\nroot', 'invalid_username'],
    ['jän', 'invalid_username'],
    ['root', 'invalid_username'],
    ['a'.repeat(33), 'invalid_username'],
  ])('refuses the name %j', async (bad, code) => {
    const before = await passwd();
    const res = await call('POST', base(), { name: bad, password: 'Webuser-pass-1!' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ custom_message: code });
    expect(await passwd()).toBe(before);
  });

  it.each([
    'short-1!',
    'no-digits-here!!',
    'nospecial12345',
    '123456789012!',
    `x${'Aa1!'.repeat(9)}`,
    'Spatie in 12 woord!',
  ])('refuses the password %j', async (pw) => {
    const res = await call('POST', base(), { name: 'pwcheck', password: pw });
    expect(res.json()).toMatchObject({ custom_message: 'invalid_password' });
  });

  it('accepts the FTP policy: a letter, a digit, a special character, 12 or more', async () => {
    const res = await call('POST', base(), { name: 'lowercaseonly', password: 'alllower-123!' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('changes the password (and the policy applies)', async () => {
    const before = await passwd();
    const weak = await call('POST', `${base()}/${name}`, { password: 'weak' });
    expect(weak.json()).toMatchObject({ custom_message: 'invalid_password' });
    expect(await passwd()).toBe(before);
    const ok = await call('POST', `${base()}/${name}`, { password: 'Another-pass-22!' });
    expect(ok.statusCode).toBe(200);
    expect(await passwd()).not.toBe(before);
  });

  it("answers 404 for another customer's web users and domain", async () => {
    const tokenB = await t.login(b);
    expect((await call('GET', `${base()}/${name}`, undefined, tokenB)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${name}`, undefined, tokenB)).statusCode).toBe(404);
    const bUser = `bob${randomBytes(2).toString('hex')}`;
    await call(
      'POST',
      `/api/${b.domain}/webhosting/webuser`,
      { name: bUser, password: 'Webuser-pass-1!' },
      tokenB,
    );
    expect((await call('GET', `${base()}/${bUser}`)).statusCode).toBe(404);
    expect(
      (await call('POST', `${base()}/${bUser}`, { password: 'Webuser-pass-2!' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${base()}/${bUser}`)).statusCode).toBe(404);
  });

  it('deletes a web user; a subdomain it served keeps no FTP account', async () => {
    const list = (await call('GET', base())).json<{ webusers: { id: number; name: string }[] }>();
    const id = list.webusers.find((u) => u.name === name)?.id;
    expect(
      (await call('POST', `/api/${a.domain}/webhosting/subdomain/www`, { ftpAccount: { id } }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `${base()}/${name}`)).json()).toMatchObject({ subdomains: ['www'] });
    expect((await call('DELETE', `${base()}/${name}`)).statusCode).toBe(200);
    expect(await passwd()).not.toContain(`${name}:`);
    expect((await call('GET', `/api/${a.domain}/webhosting/subdomain/www`)).json()).toMatchObject({
      ftpAccount: null,
    });
    expect((await call('GET', `${base()}/${name}`)).statusCode).toBe(404);
  });
});
