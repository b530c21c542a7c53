import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { createTestApp, type TestApp } from '../helper.ts';
import { run } from '../../src/lib/process.ts';
import { findPhpVersions } from '../../src/platform/web-server/php-versions.ts';
import { runningPid } from '../../src/platform/web-server/processes.ts';
import { privatizeSystem } from './debian-namespace.ts';
import { get, start, stop, until, type Started } from './integration-services.ts';

/**
 * Runs inside `unshare --mount --net --pid --fork` (debian-profile.integration.test.ts): the
 * debian profile over private copies of /etc/nginx, /etc/php, /etc/pure-ftpd and /var/www, with
 * the stock nginx and php-fpm started from their own configuration. Prints one `RESULT <json>`
 * line; everything else goes to stderr.
 */
export interface ChildResult {
  domain: string;
  phpVersion: string;
  /** `nginx -t` on the stock nginx.conf with Haven's files in place. */
  nginxTest: { code: number; output: string };
  page: { status: number; body: string };
  /** The subdomain's address once it was deleted (the stock default site answers), and whether
   * php-fpm and nginx still run. */
  afterDelete: { status: number; servicesAlive: boolean };
  /** Files Haven wrote into the (private) system folders. */
  written: string[];
  /** Modes (octal) of Haven's folders: the data dir, /etc/nginx/haven, its sites and htpasswd. */
  modes: Record<string, string>;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function main(): Promise<ChildResult> {
  await privatizeSystem(env('HAVEN_NS_WORK'), env('HAVEN_NS_HOST_MNT'));
  const port = Number(process.env.HAVEN_NS_PORT ?? '80');
  if (!process.env.HAVEN_NS_PORT) await run('ip', ['link', 'set', 'lo', 'up']);
  // In the host's network (no iproute2) the stock default site's port 80 may be taken: drop it
  // from the copy (the real /etc/nginx keeps it).
  else await rm('/etc/nginx/sites-enabled/default', { force: true });
  const php = (await findPhpVersions()).at(-1);
  if (!php) throw new Error('no php-fpm');

  const procs: Started[] = [];
  let t: TestApp | undefined;
  let domainName = '';
  try {
    // The stock services first, from the stock configuration: Haven must reach them by reload.
    procs.push(
      start('php-fpm', php.binary, ['-F', '-y', `/etc/php/${php.version}/fpm/php-fpm.conf`]),
    );
    procs.push(start('nginx', 'nginx', ['-g', 'daemon off;']));
    const pidFile = `/run/php/php${php.version}-fpm.pid`;
    await until('php-fpm and nginx pid files', async () =>
      (await runningPid(pidFile)) && (await runningPid('/run/nginx.pid')) ? true : undefined,
    ).catch((error: unknown) => {
      throw new Error(`services did not start:\n${procs.map((p) => p.output()).join('\n')}`, {
        cause: error,
      });
    });

    t = await createTestApp({
      env: {
        HAVEN_PROFILE: 'debian',
        PUBLIC_URL: 'https://panel.example.test',
        // Not reachable from this network namespace; the test never touches databases.
        MARIADB_URL: 'mysql://root@127.0.0.1:3306',
        // The real /etc/passwd (not a private copy): a prefix of this run's own, removed below.
        HAVEN_DOMAIN_USERS: 'on',
        HAVEN_DOMAIN_USER_PREFIX: `hvdeb${randomBytes(3).toString('hex')}-`,
        ...(process.env.HAVEN_NS_PORT ? { HAVEN_WEB_LISTEN: `127.0.0.1:${port}` } : {}),
      },
    });
    const a = await t.customer();
    domainName = a.domain;
    const token = await t.login(a);
    const ftp = existsSync('/etc/pure-ftpd');
    const created = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/subdomain`,
      token,
      payload: {
        name: 'shop',
        phpHandlerId: php.value,
        // Only where /etc/pure-ftpd exists, and so is a private copy: else Haven would create it.
        ...(ftp
          ? {
              ftpAccount: {
                name: `shop${randomBytes(2).toString('hex')}`,
                password: 'Shop-ftp-2024!x',
              },
            }
          : {}),
      },
    });
    if (created.statusCode !== 200)
      throw new Error(`subdomain: ${created.statusCode} ${created.body}`);
    const ini = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/subdomain/shop/ini`,
      token,
      payload: { ini: { memory_limit: '192M' } },
    });
    if (ini.statusCode !== 200) throw new Error(`ini: ${ini.statusCode} ${ini.body}`);
    // The version, the ini value set above and the pool's open_basedir: the domain's own pool answers.
    await writeFile(
      join('/var/www', a.domain, 'subdomains', 'shop', 'index.php'),
      '<?php echo "haven:", PHP_VERSION, "|", ini_get("memory_limit"), "|", ini_get("open_basedir"), "|", sys_get_temp_dir();',
      { mode: 0o644 },
    );

    const nginxTest = await run('nginx', ['-t'], { timeoutMs: 30_000 });
    // `nginx -s reload` and SIGUSR2 act asynchronously: wait for the new workers and pool.
    const page = await until(
      'the subdomain page',
      async () => {
        const res = await get(port, `shop.${a.domain}`, '/index.php');
        return res.body.includes('|192M|') ? res : undefined;
      },
      15_000,
    ).catch(async (error: unknown) => {
      const last = await get(port, `shop.${a.domain}`, '/index.php').catch(String);
      const logs = await readFile(
        join('/var/www', a.domain, 'logs', 'shop.error.log'),
        'utf8',
      ).catch(() => '');
      throw new Error(
        `no PHP page: ${JSON.stringify(last)}\n${logs}\n${procs.map((p) => p.output()).join('\n')}`,
        { cause: error },
      );
    });
    const domainId = (await t.ctx.customers.domainByName(a.domain))?.id;
    const written = [
      '/etc/nginx/conf.d/haven.conf',
      `/etc/nginx/haven/sites/${a.domain}.conf`,
      `/etc/php/${php.version}/fpm/pool.d/haven-d${domainId}.conf`,
      ...(ftp ? ['/etc/pure-ftpd/pureftpd.passwd'] : []),
    ];
    for (const file of written) await readFile(file); // each exists (throws if not)
    const modeOf = async (p: string) => ((await stat(p)).mode & 0o777).toString(8);
    const modes = {
      dataDir: await modeOf(t.dataDir),
      nginxHaven: await modeOf('/etc/nginx/haven'),
      sites: await modeOf('/etc/nginx/haven/sites'),
      htpasswd: await modeOf('/etc/nginx/haven/htpasswd'),
    };

    // Deleting the subdomain takes it off the stock nginx; both masters live through the reloads.
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/${a.domain}/webhosting/subdomain/shop`,
      token,
    });
    if (removed.statusCode !== 200)
      throw new Error(`delete: ${removed.statusCode} ${removed.body}`);
    const gone = await until('the subdomain gone', async () => {
      const res = await get(port, `shop.${a.domain}`, '/index.php');
      return res.body.startsWith('haven:') ? undefined : res.status;
    });
    const alive = Boolean((await runningPid(pidFile)) && (await runningPid('/run/nginx.pid')));
    return {
      domain: a.domain,
      phpVersion: php.version,
      nginxTest: { code: nginxTest.code, output: `${nginxTest.stderr}${nginxTest.stdout}` },
      page: { status: page.status, body: page.body },
      afterDelete: { status: gone, servicesAlive: alive },
      written,
      modes,
    };
  } finally {
    for (const p of procs.reverse()) await stop(p);
    // The domain's system user and group live in the host's /etc: remove them with the home
    // (after the services: userdel refuses a user a PHP worker still runs as).
    const row = await t?.ctx.customers.domainByName(domainName);
    if (row) await t?.ctx.webspace.removeHome({ id: row.id, name: row.name });
    await t?.close();
  }
}

main().then(
  (result) => {
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    // inspect: the stack and the cause chain (the services' output rides in the messages).
    process.stderr.write(`${inspect(error, { depth: 4 })}\n`);
    process.exit(1);
  },
);
