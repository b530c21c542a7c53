import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { hasCommand, run } from '../../lib/process.ts';
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
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

// Ports the OS hands out free: nginx, pure-ftpd, and pure-ftpd's one passive data port.
const HTTP = await freePort();
const FTP = await freePort();
const PASSIVE = await freePort();
const php = (await findPhpVersions()).at(-1);
const tools = {
  nginx: await hasCommand('nginx', ['-v']),
  pureftpd: await hasCommand('pure-ftpd', ['--help']),
  curl: await hasCommand('curl'),
};
const missing = [
  !php && 'php-fpm',
  !tools.nginx && 'nginx',
  !tools.pureftpd && 'pure-ftpd',
  !tools.curl && 'curl',
].filter(Boolean);
const isRoot = process.getuid?.() === 0;
// Skips below with a line naming what is missing; in CI it fails instead.
skipWhenMissing('webhosting integration test', [
  ...missing,
  !isRoot && 'root (php-fpm and pure-ftpd switch users)',
]);

const curlFtp = (path: string, user: string, extra: string[] = []) =>
  run(
    'curl',
    ['-sS', '--max-time', '10', '--user', user, ...extra, `ftp://127.0.0.1:${FTP}/${path}`],
    { timeoutMs: 15_000 },
  );

describe.skipIf(missing.length > 0 || !isRoot)(
  'webhosting on real nginx, PHP-FPM and pure-ftpd',
  () => {
    let t: TestApp;
    let a: TestCustomer;
    let token: string;
    const procs: Started[] = [];
    const suffix = randomBytes(2).toString('hex');
    const ftpUser = `shop${suffix}`;
    const ftpPass = 'Shop-ftp-2024!x';
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
      t.call({
        method,
        url: `/api/${a.domain}/webhosting/${path}`,
        token,
        ...(payload ? { payload } : {}),
      });
    const home = () => join(t.dataDir, 'homes', a.domain);
    const fpmLayout = () => localLayout(join(t.dataDir, 'web'), [`127.0.0.1:${HTTP}`], null);
    const host = () => `shop.${a.domain}`;

    beforeAll(async () => {
      t = await createTestApp({ env: { HAVEN_WEB_LISTEN: `127.0.0.1:${HTTP}` } });
      // nginx workers and PHP run as www-data: they must be able to walk into the test's temp dir.
      await chmod(t.dataDir, 0o755);
      a = await t.customer();
      token = await t.login(a);
      const created = await call('POST', 'subdomain', {
        name: 'shop',
        phpHandlerId: php?.value,
        ftpAccount: { name: ftpUser, password: ftpPass },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(
        (await call('POST', 'subdomain/shop/ini', { ini: { memory_limit: '192M' } })).statusCode,
      ).toBe(200);
      await writeFile(
        join(home(), 'subdomains', 'shop', 'info.php'),
        '<?php echo PHP_VERSION, "|", ini_get("memory_limit");',
        { mode: 0o644 },
      );

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
      procs.push(
        start('pure-ftpd', 'pure-ftpd', [
          '-l',
          `puredb:${join(t.dataDir, 'ftp', 'pureftpd.pdb')}`,
          '-S',
          `127.0.0.1,${FTP}`,
          '-p',
          `${PASSIVE}:${PASSIVE}`,
          '-E',
          '-u',
          '1',
          '-4',
        ]),
      );
      try {
        await until('nginx', () => portOpen(HTTP));
        await until('pure-ftpd', () => portOpen(FTP));
        // The pool socket is named by the domain's id, which depends on the database the run uses,
        // and by the subdomain whose pool it is.
        const socket = new RegExp(`^haven-d\\d+-${php?.value ?? ''}-shop\\.sock$`);
        await until(
          'php-fpm socket',
          async () =>
            (await readdir(join(web, 'run')).catch(() => [] as string[])).some((f) =>
              socket.test(f),
            ) || undefined,
        );
      } catch (error) {
        for (const p of procs) console.error(p.name, p.output());
        throw error;
      }
    }, 60_000);

    afterAll(async () => {
      for (const p of procs.reverse()) await stop(p);
      if (php) await stopMasters(fpmLayout().php.masterDir(php.version) ?? '');
      await t?.close();
    });

    it('serves the subdomain with the chosen PHP version and ini value', async () => {
      const res = await get(HTTP, host(), '/info.php');
      expect(res.status, res.body).toBe(200);
      expect(res.body).toMatch(
        new RegExp(`^${(php?.version ?? '').replace('.', '\\.')}\\.\\d+\\|192M$`),
      );
    });

    it('applies a changed ini value after the reload', async () => {
      expect(
        (await call('POST', 'subdomain/shop/ini', { ini: { memory_limit: '320M' } })).statusCode,
      ).toBe(200);
      const body = await until('new ini value', async () => {
        const r = await get(HTTP, host(), '/info.php');
        return r.body.endsWith('|320M') ? r.body : undefined;
      });
      expect(body).toContain('|320M');
    });

    it('takes an upload larger than the defaults once upload_max_filesize is raised', async () => {
      // post_max_size follows the upload size, and nginx's body limit follows post_max_size.
      const ini = { memory_limit: '320M', upload_max_filesize: '64M' };
      expect((await call('POST', 'subdomain/shop/ini', { ini })).json()).toEqual({
        ini: { ...ini, post_max_size: '65M' },
      });
      await writeFile(
        join(home(), 'subdomains', 'shop', 'upload.php'),
        '<?php echo $_FILES["f"]["size"] ?? "none", "|", ini_get("post_max_size");',
        { mode: 0o644 },
      );
      const file = join(t.dataDir, 'upload.bin');
      await writeFile(file, randomBytes(12 * 1024 * 1024));
      const upload = () =>
        run(
          'curl',
          [
            '-sS',
            '--max-time',
            '20',
            '-H',
            `Host: ${host()}`,
            '-F',
            `f=@${file}`,
            `http://127.0.0.1:${HTTP}/upload.php`,
          ],
          { timeoutMs: 25_000 },
        );
      const body = await until('12 MB upload taken', async () => {
        const r = await upload();
        return r.stdout === `${12 * 1024 * 1024}|65M` ? r.stdout : undefined;
      });
      expect(body).toBe(`${12 * 1024 * 1024}|65M`);
    });

    it('answers an unknown host name with no site', async () => {
      await expect(get(HTTP, 'other.test', '/info.php')).rejects.toThrow();
    });

    it('asks for a password in a protected directory: 401 without, 200 with the right one', async () => {
      const dir = await call('POST', 'protected-directory', {
        subdomain: 'shop',
        name: 'beheer',
        description: 'Alleen beheer',
      });
      expect(dir.statusCode, dir.body).toBe(200);
      const id = dir.json<{ id: number }>().id;
      expect(
        (
          await call('POST', `protected-directory/${id}/user`, {
            name: 'jan',
            password: 'Beheer-pass-24!',
          })
        ).statusCode,
      ).toBe(200);
      await writeFile(join(home(), 'subdomains', 'shop', 'beheer', 'index.html'), 'geheim\n', {
        mode: 0o644,
      });
      await writeFile(
        join(home(), 'subdomains', 'shop', 'beheer', 'p.php'),
        '<?php echo "php-ok";',
        { mode: 0o644 },
      );
      const without = await until('protection', async () => {
        const r = await get(HTTP, host(), '/beheer/');
        return r.status === 401 ? r : undefined;
      });
      expect(without.status).toBe(401);
      expect((await get(HTTP, host(), '/beheer')).status).toBe(401);
      // A worker of the previous configuration may still answer one request during the reload.
      const wrong = await until('a wrong password refused', async () => {
        const r = await get(HTTP, host(), '/beheer/', 'jan:wrong-Pass-24!');
        return r.status === 401 ? r : undefined;
      });
      expect(wrong.status).toBe(401);
      const ok = await get(HTTP, host(), '/beheer/', 'jan:Beheer-pass-24!');
      expect(ok).toEqual({ status: 200, body: 'geheim\n' });
      expect((await get(HTTP, host(), '/beheer/p.php')).status).toBe(401);
      expect(await get(HTTP, host(), '/beheer/p.php', 'jan:Beheer-pass-24!')).toEqual({
        status: 200,
        body: 'php-ok',
      });
    });

    it("lets the subdomain's FTP user in (chrooted to its folder, able to upload), and refuses a wrong password", async () => {
      const list = await curlFtp('', `${ftpUser}:${ftpPass}`, ['--list-only']);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout.split(/\r?\n/)).toEqual(expect.arrayContaining(['info.php', 'beheer']));
      const up = await run(
        'curl',
        [
          '-sS',
          '--max-time',
          '10',
          '--user',
          `${ftpUser}:${ftpPass}`,
          '-T',
          '-',
          `ftp://127.0.0.1:${FTP}/upload.html`,
        ],
        { input: 'via ftp\n', timeoutMs: 15_000 },
      );
      expect(up.code, up.stderr).toBe(0);
      expect(await get(HTTP, host(), '/upload.html')).toEqual({ status: 200, body: 'via ftp\n' });
      const wrong = await curlFtp('', `${ftpUser}:Wrong-pass-2024!`, ['--list-only']);
      expect(wrong.code).not.toBe(0);
    });

    it('lets a web user log in to the whole home; a changed password applies; a deleted user is gone', async () => {
      const name = `web${suffix}`;
      expect((await call('POST', 'webuser', { name, password: 'Webuser-2024!x' })).statusCode).toBe(
        200,
      );
      const list = await curlFtp('', `${name}:Webuser-2024!x`, ['--list-only']);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout.split(/\r?\n/)).toEqual(
        expect.arrayContaining(['httpdocs', 'subdomains', 'logs']),
      );
      expect(
        (await call('POST', `webuser/${name}`, { password: 'Changed-2024!x' })).statusCode,
      ).toBe(200);
      expect((await curlFtp('', `${name}:Webuser-2024!x`, ['--list-only'])).code).not.toBe(0);
      expect((await curlFtp('', `${name}:Changed-2024!x`, ['--list-only'])).code).toBe(0);
      expect((await call('DELETE', `webuser/${name}`)).statusCode).toBe(200);
      expect((await curlFtp('', `${name}:Changed-2024!x`, ['--list-only'])).code).not.toBe(0);
    });
  },
);
