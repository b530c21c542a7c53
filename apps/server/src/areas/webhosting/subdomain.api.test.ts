import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { findPhpVersions } from '../../platform/web-server/php-versions.ts';

describe('webhosting subdomain API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  let php: string | null;
  const base = () => `/api/${a.domain}/webhosting/subdomain`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const siteFile = () =>
    readFile(join(t.dataDir, 'web', 'nginx', 'sites', `${a.domain}.conf`), 'utf8');
  /** Every PHP-FPM pool file (the local profile keeps a subdomain's PHP settings in its pool). */
  const poolFiles = async () => {
    const root = join(t.dataDir, 'web', 'php');
    const texts: string[] = [];
    for (const v of await readdir(root).catch(() => [] as string[]))
      for (const f of await readdir(join(root, v, 'pool.d')).catch(() => [] as string[]))
        texts.push(await readFile(join(root, v, 'pool.d', f), 'utf8'));
    return texts.join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    php = (await findPhpVersions()).at(-1)?.value ?? null;
  });
  afterAll(() => t.close());

  it('makes www with the domain: home, server block, newest PHP', async () => {
    const res = await call('GET', base());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subdomains: [
        {
          name: `www.${a.domain}`,
          name_short: 'www',
          perl: false,
          python: false,
          phpHandlerId: php,
          ftpAccount: null,
          docroot: 'httpdocs',
        },
      ],
    });
    expect((await stat(join(t.dataDir, 'homes', a.domain, 'httpdocs'))).isDirectory()).toBe(true);
    const conf = await siteFile();
    expect(conf).toContain(`server_name "www.${a.domain}" "${a.domain}";`);
  });

  it('lists the installed PHP versions and the ini settings with defaults', async () => {
    const versions = (await call('GET', `${base()}/www/php`)).json<{
      versions: { value: string; text: string }[];
    }>();
    expect(versions.versions.map((v) => v.value)).toEqual(
      (await findPhpVersions()).map((v) => v.value),
    );
    const available = (await call('GET', `${base()}/www/ini-available`)).json<{
      available: { key: string; default: string }[];
    }>();
    expect(available.available).toContainEqual(
      expect.objectContaining({ key: 'memory_limit', default: '128M' }),
    );
  });

  it('adds a subdomain with its own FTP user, and refuses a duplicate', async () => {
    const res = await call('POST', base(), {
      name: 'blog',
      phpHandlerId: php,
      ftpAccount: { name: 'blogftp', password: 'Ftp-pass-2024!x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: `blog.${a.domain}`,
      name_short: 'blog',
      docroot: 'subdomains/blog',
      ftpAccount: { name: 'blogftp' },
    });
    expect(
      (await stat(join(t.dataDir, 'homes', a.domain, 'subdomains', 'blog'))).isDirectory(),
    ).toBe(true);
    expect(await siteFile()).toContain(`server_name "blog.${a.domain}";`);
    const passwd = await readFile(join(t.dataDir, 'ftp', 'pureftpd.passwd'), 'utf8');
    expect(passwd).toMatch(
      new RegExp(
        `^blogftp:\\$argon2id\\$[^:]+:\\d+:\\d+::${t.dataDir}/homes/${a.domain}/subdomains/blog/\\./:`,
        'm',
      ),
    );
    const again = await call('POST', base(), { name: 'blog', phpHandlerId: php });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ custom_message: 'name_exists' });
  });

  it('refuses to turn on Perl or Python (not offered) and accepts them sent back as false', async () => {
    for (const [flag, code] of [
      ['perl', 'perl_not_offered'],
      ['python', 'python_not_offered'],
    ] as const) {
      const update = await call('POST', `${base()}/www`, { [flag]: true });
      expect([update.statusCode, update.json()]).toEqual([422, { custom_message: code }]);
      const create = await call('POST', base(), {
        name: `cgi${flag}`,
        phpHandlerId: php,
        [flag]: true,
      });
      expect([create.statusCode, create.json()]).toEqual([422, { custom_message: code }]);
    }
    const www = await call('POST', `${base()}/www`, { perl: false, python: false });
    expect(www.statusCode, www.body).toBe(200);
    expect(www.json()).toMatchObject({ perl: false, python: false });
    expect((await call('GET', `${base()}/cgiperl`)).statusCode).toBe(404);
  });

  it('answers one name_exists when two requests race for a name', async () => {
    const [one, two] = await Promise.all([
      call('POST', base(), { name: 'race', phpHandlerId: php }),
      call('POST', base(), { name: 'race', phpHandlerId: php }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const list = (await call('GET', base())).json<{ subdomains: { name_short: string }[] }>();
    expect(list.subdomains.filter((s) => s.name_short === 'race')).toHaveLength(1);
  });

  it.each([
    ['', 'empty_name'],
    ['../etc', 'invalid_name'],
    ['a/b', 'invalid_name'],
    ['.blog', 'invalid_name'],
    ['blog.', 'invalid_name'],
    ['a..b', 'invalid_name'],
    ['Blog', 'invalid_name'],
    ['bløg', 'invalid_name'],
    ['my blog', 'invalid_name'],
    ['-blog', 'invalid_name'],
    ['a'.repeat(64), 'invalid_name'],
    ['mail', 'reserved_name'],
    ['www', 'name_exists'],
    ['x;}server{', 'invalid_name'],
  ])('refuses the name %j with %s and changes nothing', async (name, code) => {
    const before = await siteFile();
    const res = await call('POST', base(), { name, phpHandlerId: php });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json<{ custom_message: string }>().custom_message).toBe(code);
    expect(await siteFile()).toBe(before);
  });

  it('checks the FTP account choice', async () => {
    const cases: [object, string][] = [
      [{ name: 'ftpnopw' }, 'ftp_password_required'],
      [{ name: 'ftpweak', password: 'short' }, 'invalid_ftp_password'],
      [{ name: 'ftpweak', password: 'nodigits-here-!!' }, 'invalid_ftp_password'],
      [{ name: 'Upper', password: 'Ftp-pass-2024!x' }, 'invalid_ftp_username'],
      [{ name: 'root', password: 'Ftp-pass-2024!x' }, 'invalid_ftp_username'],
      [{ name: 'a:b', password: 'Ftp-pass-2024!x' }, 'invalid_ftp_username'],
      [{ name: 'blogftp', password: 'Ftp-pass-2024!x' }, 'ftp_username_exists'],
      [{ id: 999999 }, 'unknown_ftp_account'],
    ];
    for (const [ftpAccount, code] of cases) {
      const res = await call('POST', base(), { name: 'ftpcase', phpHandlerId: php, ftpAccount });
      expect(
        res.json<{ custom_message: string }>().custom_message,
        JSON.stringify(ftpAccount),
      ).toBe(code);
    }
    expect((await call('GET', `${base()}/ftpcase`)).statusCode).toBe(404);
  });

  it('refuses a PHP version that is not installed', async () => {
    const res = await call('POST', base(), { name: 'oldphp', phpHandlerId: 'php74' });
    expect(res.json()).toMatchObject({ custom_message: 'invalid_php_version' });
    const upd = await call('POST', `${base()}/www`, { phpHandlerId: 'php; evil' });
    expect(upd.json()).toMatchObject({ custom_message: 'invalid_php_version' });
  });

  it('changes the FTP account of www to an existing web user, also when sent again', async () => {
    const list = (await call('GET', base())).json<{
      subdomains: { name_short: string; ftpAccount: { id: number } | null }[];
    }>();
    const id = list.subdomains.find((s) => s.name_short === 'blog')?.ftpAccount?.id;
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `${base()}/www`, { ftpAccount: { id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ftpAccount: { id, name: 'blogftp' } });
    }
  });

  it('sets ini values from the allowed list only and writes them to the pool', async () => {
    const url = `${base()}/blog/ini`;
    const ok = await call('POST', url, { ini: { memory_limit: '256M', display_errors: 'On' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ini: { display_errors: 'On', memory_limit: '256M' } });
    expect((await call('GET', url)).json()).toEqual({
      ini: { display_errors: 'On', memory_limit: '256M' },
    });
    if (php) expect(await poolFiles()).toMatch(/php_value\[memory_limit\] = 256M/);
    const before = await siteFile();
    const poolsBefore = await poolFiles();
    for (const [ini, code] of [
      [{ auto_prepend_file: '/etc/passwd' }, 'invalid_ini_key'],
      [{ memory_limit: '256M\nauto_prepend_file=/etc/passwd' }, 'invalid_ini_value'],
      [{ memory_limit: '256M";' }, 'invalid_ini_value'],
      [{ 'date.timezone': '$document_root' }, 'invalid_ini_value'],
      [{ max_execution_time: '99999999' }, 'invalid_ini_value'],
      [{ 'date.timezone': 'Mars/Olympus' }, 'invalid_ini_value'],
      [{ memory_limit: '1.5G' }, 'invalid_ini_value'],
      [{ display_errors: 'maybe' }, 'invalid_ini_value'],
      [{ max_input_vars: '010' }, 'invalid_ini_value'],
    ] as const) {
      const res = await call('POST', url, { ini });
      expect(res.statusCode).toBe(422);
      const key = Object.keys(ini)[0]!;
      expect(res.json()).toEqual({ custom_message: code, fields: { [`ini.${key}`]: code } });
    }
    expect(await siteFile()).toBe(before);
    expect(await poolFiles()).toBe(poolsBefore);
    expect((await call('GET', url)).json()).toEqual({
      ini: { display_errors: 'On', memory_limit: '256M' },
    });
  });

  it('raises post_max_size with upload_max_filesize, and nginx takes a body of that size', async () => {
    const url = `${base()}/blog/ini`;
    // Default post_max_size 8M: nginx takes an 8 MiB body (its own default is 1 MB).
    await call('POST', url, { ini: {} });
    if (php) expect(await siteFile()).toContain('client_max_body_size 8388608;');
    const res = await call('POST', url, {
      ini: { upload_max_filesize: '64M', post_max_size: '8M' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ini: { upload_max_filesize: '64M', post_max_size: '65M' } });
    if (php) {
      const conf = await siteFile();
      expect(await poolFiles()).toMatch(/php_value\[post_max_size\] = 65M/);
      expect(conf).toContain(`client_max_body_size ${65 * 1024 * 1024};`);
    }
    await call('POST', url, { ini: {} });
  });

  it('stores PHP booleans as On/Off and takes sizes in bytes and real time zones', async () => {
    const url = `${base()}/blog/ini`;
    const ini = { display_errors: 'yes', memory_limit: '268435456', 'date.timezone': 'UTC' };
    const res = await call('POST', url, { ini });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ini: { ...ini, display_errors: 'On' } });
    if (php) expect(await poolFiles()).toMatch(/php_value\[date\.timezone\] = UTC/);
  });

  it('deletes a subdomain with its own FTP user, refuses www', async () => {
    expect((await call('DELETE', `${base()}/www`)).json()).toEqual({
      custom_message: 'www_not_deletable',
    });
    await call('POST', `${base()}/www`, { ftpAccount: null });
    const res = await call('DELETE', `${base()}/blog`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await siteFile()).not.toContain(`blog.${a.domain}`);
    expect(await readFile(join(t.dataDir, 'ftp', 'pureftpd.passwd'), 'utf8')).not.toContain(
      'blogftp:',
    );
    expect((await call('GET', `${base()}/blog`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's domain and subdomains", async () => {
    for (const [method, url] of [
      ['GET', `/api/${b.domain}/webhosting/subdomain`],
      ['GET', `/api/${b.domain}/webhosting/subdomain/www`],
      ['POST', `/api/${b.domain}/webhosting/subdomain`],
      ['DELETE', `/api/${b.domain}/webhosting/subdomain/www`],
      ['GET', `/api/${b.domain}/webhosting/subdomain/www/ini`],
    ] as const) {
      const res = await call(
        method,
        url,
        method === 'POST' ? { name: 'x', phpHandlerId: null } : undefined,
      );
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', `${base()}/nope/ini`)).statusCode).toBe(404);
  });
});
