import { lstat, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('webhosting protected directory API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  let id = 0;
  const base = () => `/api/${a.domain}/webhosting/protected-directory`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = token) =>
    t.call({ method, url, token: as, ...(payload ? { payload } : {}) });
  const siteFile = () =>
    readFile(join(t.dataDir, 'web', 'nginx', 'sites', `${a.domain}.conf`), 'utf8');
  const htpasswd = (dir: number) =>
    readFile(join(t.dataDir, 'web', 'nginx', 'htpasswd', a.domain, String(dir)), 'utf8');

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
  });
  afterAll(() => t.close());

  it('protects a directory of a subdomain: folder, auth_basic block, empty htpasswd', async () => {
    const res = await call('POST', base(), {
      subdomain: 'www',
      name: '/leden/intern/',
      description: 'Alleen "leden"',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subdomain: 'www',
      name: 'leden/intern',
      description: 'Alleen "leden"',
      users: 0,
    });
    id = res.json<{ id: number }>().id;
    expect(
      (
        await lstat(join(t.dataDir, 'homes', a.domain, 'httpdocs', 'leden', 'intern'))
      ).isDirectory(),
    ).toBe(true);
    const conf = await siteFile();
    expect(conf).toContain('location ^~ "/leden/intern/" {');
    expect(conf).toContain('auth_basic "Alleen leden";');
    expect(await htpasswd(id)).toBe('');
  });

  it('refuses a name in use, also when two requests race', async () => {
    const again = await call('POST', base(), {
      subdomain: 'www',
      name: 'leden/intern',
      description: '',
    });
    expect(again.json()).toEqual({ custom_message: 'name_in_use' });
    const [x, y] = await Promise.all(
      [0, 1].map(() => call('POST', base(), { subdomain: 'www', name: 'race', description: '' })),
    );
    expect([x?.statusCode, y?.statusCode].sort()).toEqual([200, 409]);
  });

  it.each([
    ['..', 'invalid_name'],
    ['../../etc', 'invalid_name'],
    ['leden/../..', 'invalid_name'],
    ['.git', 'invalid_name'],
    ['a//b', 'invalid_name'],
    ['a b', 'invalid_name'],
    ['a"; }', 'invalid_name'],
    ['a\nb', 'invalid_name'],
    ['$uri', 'invalid_name'],
    ['ledén', 'invalid_name'],
    ['', 'invalid_name'],
  ])('refuses the path %j', async (name, code) => {
    const before = await siteFile();
    const res = await call('POST', base(), { subdomain: 'www', name, description: '' });
    expect(res.json()).toMatchObject({ custom_message: code });
    expect(await siteFile()).toBe(before);
  });

  it('refuses an unknown subdomain, a multi-line description, and a path through a link out of the subdomain', async () => {
    expect(
      (await call('POST', base(), { subdomain: 'nope', name: 'x', description: '' })).json(),
    ).toMatchObject({ custom_message: 'unknown_subdomain' });
    expect(
      (
        await call('POST', base(), {
          subdomain: 'www',
          name: 'x',
          description: 'a\nauth_basic off;',
        })
      ).json(),
    ).toMatchObject({ custom_message: 'invalid_description' });
    await symlink('/etc', join(t.dataDir, 'homes', a.domain, 'httpdocs', 'uit'));
    const res = await call('POST', base(), {
      subdomain: 'www',
      name: 'uit/geheim',
      description: '',
    });
    expect(res.json()).toMatchObject({ custom_message: 'invalid_name' });
  });

  it('adds users (bcrypt in the htpasswd file), changes a password, refuses bad input', async () => {
    const add = await call('POST', `${base()}/${id}/user`, {
      name: 'jan',
      password: 'Leden-pass-2024!',
    });
    expect(add.statusCode, add.body).toBe(200);
    const first = await htpasswd(id);
    expect(first).toMatch(/^jan:\$2[aby]\$10\$.{53}\n$/);
    expect(
      (
        await call('POST', `${base()}/${id}/user`, { name: 'jan', password: 'Leden-pass-2024!' })
      ).json(),
    ).toEqual({ custom_message: 'user_exists' });
    for (const [name, password, code] of [
      ['Jan', 'Leden-pass-2024!', 'invalid_username'],
      ['jan:x', 'Leden-pass-2024!', 'invalid_username'],
      ['piet\nroot', 'Leden-pass-2024!', 'invalid_username'],
      ['piet', 'kort1!', 'invalid_password'],
    ]) {
      expect((await call('POST', `${base()}/${id}/user`, { name, password })).json()).toMatchObject(
        { custom_message: code },
      );
    }
    expect(
      (await call('POST', `${base()}/${id}/user/jan`, { password: 'Nieuw-pass-2024!' })).statusCode,
    ).toBe(200);
    expect(await htpasswd(id)).not.toBe(first);
    expect((await call('GET', `${base()}/${id}/user`)).json()).toEqual({
      users: [{ name: 'jan' }],
    });
    expect((await call('GET', `${base()}/${id}`)).json()).toMatchObject({
      directory: { id, users: 1 },
      users: [{ name: 'jan' }],
    });
  });

  it("answers 404 for another customer's directory and users", async () => {
    const tokenB = await t.login(b);
    const url = `/api/${b.domain}/webhosting/protected-directory`;
    expect((await call('GET', `${url}/${id}`, undefined, tokenB)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${id}`, undefined, tokenB)).statusCode).toBe(404);
    expect(
      (
        await call(
          'POST',
          `${url}/${id}/user`,
          { name: 'evil', password: 'Leden-pass-2024!' },
          tokenB,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${url}/${id}/user/jan`, undefined, tokenB)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${id}`, undefined, tokenB)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/999999`)).statusCode).toBe(404);
  });

  it('deletes a user and the directory after it', async () => {
    expect((await call('DELETE', `${base()}/${id}/user/jan`)).statusCode).toBe(200);
    expect(await htpasswd(id)).toBe('');
    expect((await call('DELETE', `${base()}/${id}/user/jan`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${id}`)).statusCode).toBe(200);
    expect(await siteFile()).not.toContain('/leden/intern/');
    await expect(htpasswd(id)).rejects.toThrow();
    expect((await call('GET', `${base()}/${id}`)).statusCode).toBe(404);
  });
});
