import { access, chmod, mkdir, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mysql2/promise';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { hasCommand } from '../../lib/process.ts';
import { phpFpmService } from '../../platform/supervisor/php-fpm.service.ts';
import { stopMasters } from '../../platform/web-server/fpm-masters.ts';
import { localLayout } from '../../platform/web-server/layout.ts';
import { findPhpVersions } from '../../platform/web-server/php-versions.ts';
import {
  get,
  portOpen,
  start,
  stop,
  until,
  type Started,
} from '../../../test/support/integration-services.ts';
import { testMariadb } from '../../../test/support/mariadb-test-server.ts';
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const HTTP = await freePort();
const php = (await findPhpVersions()).at(-1);
const nginx = await hasCommand('nginx', ['-v']);
const wordpress = await access('/usr/share/wordpress/wp-settings.php').then(
  () => true,
  () => false,
);
const maria = await testMariadb();
const isRoot = process.getuid?.() === 0;
const skip = skipWhenMissing('web apps integration test', [
  !php && 'php-fpm',
  !nginx && 'nginx',
  !wordpress && 'wordpress (Debian package)',
  !maria && 'MariaDB',
  !isRoot && 'root (php-fpm switches users)',
]);

const PASSWORD = 'Wp-admin-Pass-2024!';
const TITLE = 'Haven Testblog';

/** A form POST with a Host header; answers status, Location and Set-Cookie. */
function post(host: string, path: string, form: Record<string, string>, cookie: string) {
  const body = new URLSearchParams(form).toString();
  return new Promise<{ status: number; location: string; cookies: string[] }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: HTTP,
        path,
        method: 'POST',
        agent: false,
        headers: {
          host,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? '',
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(skip)('WordPress on real nginx, PHP-FPM and MariaDB', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let root: Connection;
  const procs: Started[] = [];
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${a.domain}/${path}`, token, ...(payload ? { payload } : {}) });
  const host = () => `blog.${a.domain}`;
  const appDir = () => join(t.dataDir, 'homes', a.domain, 'subdomains', 'blog', 'site');

  const fpmLayout = () => localLayout(join(t.dataDir, 'web'), [`127.0.0.1:${HTTP}`], null);

  beforeAll(async () => {
    root = await maria!.root();
    t = await createTestApp({
      env: { HAVEN_WEB_LISTEN: `127.0.0.1:${HTTP}`, MARIADB_URL: maria!.url },
    });
    await chmod(t.dataDir, 0o755);
    await t.ctx.runner.start();
    a = await t.customer();
    token = await t.login(a);
    const sub = await call('POST', 'webhosting/subdomain', {
      name: 'blog',
      phpHandlerId: php?.value,
      ftpAccount: null,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const web = join(t.dataDir, 'web');
    // As the node runs it: the version's master, which starts each domain's own master.
    const fpm = php && phpFpmService(php, fpmLayout(), null, join(t.dataDir, 'php-fpm'));
    await mkdir(join(t.dataDir, 'php-fpm'), { recursive: true });
    await fpm?.prepare();
    if (fpm) procs.push(start('php-fpm', fpm.command().cmd, fpm.command().args));
    procs.push(
      start('nginx', 'nginx', [
        '-c',
        join(web, 'nginx', 'nginx.conf'),
        '-p',
        `${join(web, 'nginx')}/`,
        '-g',
        'daemon off;',
      ]),
    );
    await until('nginx', () => portOpen(HTTP));
    await until(
      'php-fpm socket',
      async () =>
        (await readdir(join(web, 'run')).catch(() => [] as string[])).some((f) =>
          f.endsWith('.sock'),
        ) || undefined,
    );
  }, 60_000);

  afterAll(async () => {
    for (const p of procs.reverse()) await stop(p);
    if (php) await stopMasters(fpmLayout().php.masterDir(php.version) ?? '');
    await root?.end();
    await t?.close();
    await maria?.stop();
  });

  let id = 0;
  let database = '';

  it('installs WordPress as a job: the front page has the title, the admin logs in', async () => {
    const res = await call('POST', 'webhosting/webapp', {
      webapp: 'wordpress-6.1',
      subdomain: { id: 'blog', text: host() },
      install_directory: 'site',
      admin_email: 'admin@example.org',
      admin_username: 'beheerder',
      admin_password: PASSWORD,
      admin_passwordRepeat: PASSWORD,
      admin_path: 'beheer',
      title: TITLE,
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job, webapp } = res.json<{ job: string; webapp: { id: number; url: string } }>();
    id = webapp.id;
    expect(webapp.url).toBe(`http://${host()}/site/`);
    const done = await until(
      'install job',
      async () => {
        const j = (await call('GET', `job/${job}`)).json<{ state: string; error: string }>();
        return j.state === 'done' || j.state === 'failed' ? j : undefined;
      },
      50_000,
    );
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done' });

    const front = await get(HTTP, host(), '/site/');
    expect(front.status, front.body.slice(0, 500)).toBe(200);
    expect(front.body).toContain(TITLE);
    expect(front.body).toContain('lang="en-US"');

    const login = await post(
      host(),
      '/site/wp-login.php',
      { log: 'beheerder', pwd: PASSWORD, testcookie: '1', 'wp-submit': 'Log In' },
      'wordpress_test_cookie=WP%20Cookie%20check',
    );
    expect(login.status).toBe(302);
    expect(login.location).toContain('/site/wp-admin/');
    expect(login.cookies.some((c) => c.startsWith('wordpress_logged_in_'))).toBe(true);
    const wrong = await post(
      host(),
      '/site/wp-login.php',
      { log: 'beheerder', pwd: 'wrong-Pass-2024!x', testcookie: '1' },
      'wordpress_test_cookie=WP%20Cookie%20check',
    );
    expect(wrong.status).toBe(200);
    // The chosen admin path leads to the login.
    const admin = await get(HTTP, host(), '/site/beheer/');
    expect(admin.status).toBe(302);

    const list = (await call('GET', 'webhosting/webapp')).json<{
      webapps: { state: string; name: string }[];
    }>();
    expect(list.webapps).toMatchObject([{ state: 'ready', name: 'WordPress' }]);
    // The app's own database, by the name the panel kept: other test files make WordPress
    // databases on the same MariaDB at the same time (a name pattern once matched one of theirs).
    const kept = await t.ctx.db
      .selectFrom('webapps')
      .select('database_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    database = kept.database_name ?? '';
    expect(database).not.toBe('');
    const [rows] = await root.query(
      'SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name = ?',
      [database],
    );
    expect(rows).toEqual([{ n: database }]);
  }, 90_000);

  it('installs on the main site (www, served at the bare domain) in the panel language, Dutch', async () => {
    const res = await call('POST', 'webhosting/webapp', {
      webapp: 'wordpress-6.1',
      subdomain: { id: 'www', text: a.domain },
      install_directory: 'nl',
      admin_email: 'admin@example.org',
      admin_username: 'beheerder',
      admin_password: PASSWORD,
      admin_passwordRepeat: PASSWORD,
      admin_path: 'beheer',
      language: 'nl',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job, webapp } = res.json<{ job: string; webapp: { id: number; url: string } }>();
    expect(webapp.url).toBe(`http://${a.domain}/nl/`);
    const done = await until(
      'install job',
      async () => {
        const j = (await call('GET', `job/${job}`)).json<{ state: string; error: string }>();
        return j.state === 'done' || j.state === 'failed' ? j : undefined;
      },
      50_000,
    );
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done' });
    const home = join(t.dataDir, 'homes', a.domain, 'httpdocs', 'nl');
    // Only the site's own translation is placed, not Debian's 169 languages.
    expect(await readdir(join(home, 'wp-content', 'languages'))).toEqual(['nl_NL.mo']);
    const front = await get(HTTP, a.domain, '/nl/');
    expect(front.status, front.body.slice(0, 500)).toBe(200);
    expect(front.body).toContain('lang="nl-NL"');
    expect(front.body).toContain('Hallo wereld!');
    expect(front.body).toContain(`<title>${a.domain}`);
    expect((await call('DELETE', `webhosting/webapp/${webapp.id}`)).statusCode).toBe(200);
    await expect(access(home)).rejects.toThrow();
  }, 90_000);

  it('keeps the subdomain while the app is linked, and delete removes files and database', async () => {
    const refused = await call('DELETE', 'webhosting/subdomain/blog');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ custom_message: 'webapps_linked' });

    const del = await call('DELETE', `webhosting/webapp/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    await expect(access(appDir())).rejects.toThrow();
    const [rows] = await root.query(
      'SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name = ?',
      [database],
    );
    expect(rows).toEqual([]);
    expect((await call('DELETE', 'webhosting/subdomain/blog')).statusCode).toBe(200);
  }, 30_000);
});
