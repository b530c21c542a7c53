import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

const PW = 'Wp-admin-Pass-2024!';
const good = {
  webapp: 'wordpress-6.1',
  subdomain: { id: 'blog', text: 'blog' },
  install_directory: 'site',
  admin_email: 'admin@example.org',
  admin_username: 'beheerder',
  admin_password: PW,
  admin_passwordRepeat: PW,
  admin_path: 'beheer',
};

/** Bad input: a clear code, and nothing made (no row, no folder, no job). */
describe('web apps API: bad input', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  const install = (payload: object) =>
    t.call({ method: 'POST', url: `/api/${a.domain}/webhosting/webapp`, token, payload });
  const docroot = () => join(t.dataDir, 'homes', a.domain, 'subdomains', 'blog');

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    for (const [c, tk] of [
      [a, token],
      [b, await t.login(b)],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/subdomain`,
        token: tk,
        payload: { name: c === a ? 'blog' : 'other', phpHandlerId: null, ftpAccount: null },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("lists the packages in groups of versions at the spec's path, .../webapp/packages", async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/webhosting/webapp/packages`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      packages: [
        { name: 'WordPress', versions: [{ key: 'wordpress-6.1', name: 'WordPress 6.1.9' }] },
        { name: 'Adminer', versions: [{ key: 'adminer-4.8', name: 'Adminer 4.8.1' }] },
      ],
    });
  });

  it.each([
    ['a directory with ..', { install_directory: '../../etc' }, 'install_directory', 'regex'],
    [
      'a directory with .. inside',
      { install_directory: 'a/../../b' },
      'install_directory',
      'regex',
    ],
    [
      'a weak password',
      { admin_password: 'short1!A', admin_passwordRepeat: 'short1!A' },
      'admin_password',
      'invalid_password',
    ],
    [
      'a password without a digit',
      { admin_password: 'Abcdefghijklmnop!', admin_passwordRepeat: 'Abcdefghijklmnop!' },
      'admin_password',
      'invalid_password',
    ],
    ['an admin path with a slash', { admin_path: 'a/b' }, 'admin_path', 'regex'],
    ['an admin path with a space', { admin_path: 'my admin' }, 'admin_path', 'regex'],
    ['an admin name with a space', { admin_username: 'jan de vries' }, 'admin_username', 'regex'],
    ['a title with a control character', { title: 'Blog\u0007' }, 'title', 'regex'],
  ])("refuses %s by installBody's rules", async (_, change, field, code) => {
    const res = await install({ ...good, ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ custom_message: 'validation', fields: { [field]: code } });
  });

  it.each([
    ['an unknown package', { webapp: 'joomla-9' }, 'unknown_package'],
    [
      "another customer's subdomain",
      { subdomain: { id: 'other', text: 'other' } },
      'invalid_subdomain',
    ],
  ])('refuses %s', async (_, change, code) => {
    const res = await install({ ...good, ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ custom_message: code });
  });

  it('refuses a non-empty directory unless overwrite, and a mismatched repeat', async () => {
    await mkdir(join(docroot(), 'site'), { recursive: true });
    await writeFile(join(docroot(), 'site', 'index.html'), 'mine');
    const res = await install(good);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ custom_message: 'directory_not_empty' });
    const mismatch = await install({ ...good, admin_passwordRepeat: `${PW}x` });
    expect(mismatch.statusCode).toBe(422);
    expect(await readdir(join(docroot(), 'site'))).toEqual(['index.html']);
    const list = await t.call({ method: 'GET', url: `/api/${a.domain}/webhosting/webapp`, token });
    expect(list.json()).toEqual({ webapps: [] });
  });

  it('installs on the main site (www): its address is the bare domain', async () => {
    const res = await install({
      ...good,
      subdomain: { id: 'www', text: a.domain },
      install_directory: 'wp',
      language: 'nl',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      webapp: { subdomain: 'www', url: `http://${a.domain}/wp/`, state: 'installing' },
    });
  });

  it("answers 404 for another domain's app", async () => {
    const res = await t.call({
      method: 'DELETE',
      url: `/api/${a.domain}/webhosting/webapp/999`,
      token,
    });
    expect(res.statusCode).toBe(404);
  });
});
