import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, run } from '../../lib/process.ts';
import { localLayout } from './layout.ts';
import { findPhpVersions } from './php-versions.ts';
import { createNginxWebServer } from './web-server.nginx.ts';
import { ConfigRejectedError, type DomainSite } from './web-server.port.ts';
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

// Only `nginx -t` reads it, but a fixed port could still be someone else's: one the OS hands out.
const LISTEN = `127.0.0.1:${await freePort()}`;

const hasNginx = !skipWhenMissing('nginx web server test', [
  !(await hasCommand('nginx', ['-v'])) && 'nginx',
]);
// Without root the pool tests that switch users skip (in CI they fail).
const root = !skipWhenMissing('php-fpm pool user tests', [process.getuid?.() !== 0 && 'root']);

describe.skipIf(!hasNginx)('nginx web server (local profile, real nginx -t)', () => {
  let dir: string;
  let php: string | null;
  const logs: string[] = [];
  const runAs = root ? { user: 'www-data', group: 'www-data' } : null;
  const server = (listen = [LISTEN], as = runAs) =>
    createNginxWebServer({
      layout: localLayout(join(dir, 'web'), listen, as),
      log: (m) => logs.push(m),
    });
  const site = (ini = '128M', owner: DomainSite['owner'] = null): DomainSite => ({
    domainId: 7,
    domain: 'voorbeeld.test',
    home: join(dir, 'homes', 'voorbeeld.test'),
    owner,
    subdomains: [
      {
        name: 'www',
        hostnames: ['www.voorbeeld.test', 'voorbeeld.test'],
        docroot: join(dir, 'homes', 'voorbeeld.test', 'httpdocs'),
        php,
        ini: { memory_limit: ini },
        protectedDirs: [
          {
            id: 3,
            path: 'leden',
            description: 'Leden',
            users: [
              { name: 'jan', hash: '$2b$10$abcdefghijklmnopqrstuu5Q0eJ7bXo3QfL9Hn3HK0Q1n3D7YpW2e' },
            ],
          },
        ],
      },
    ],
  });
  const siteFile = () =>
    readFile(join(dir, 'web', 'nginx', 'sites', 'voorbeeld.test.conf'), 'utf8');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-web-'));
    await mkdir(join(dir, 'homes', 'voorbeeld.test', 'logs'), { recursive: true });
    php = (await findPhpVersions()).at(-1)?.value ?? null;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a site that nginx -t accepts, with its pool and htpasswd file', async () => {
    await server().applySite(site());
    expect(await siteFile()).toContain('server_name "www.voorbeeld.test" "voorbeeld.test";');
    expect(
      await readFile(join(dir, 'web', 'nginx', 'htpasswd', 'voorbeeld.test', '3'), 'utf8'),
    ).toMatch(/^jan:\$2b\$/);
    // Not world-readable: nginx workers read it through the web account's group.
    const htpasswd = await stat(join(dir, 'web', 'nginx', 'htpasswd', 'voorbeeld.test', '3'));
    expect(htpasswd.mode & 0o777).toBe(0o640);
    if (runAs) {
      const gid = Number((await run('id', ['-g', runAs.user], { timeoutMs: 5000 })).stdout);
      expect({ uid: htpasswd.uid, gid: htpasswd.gid }).toEqual({ uid: 0, gid });
    }
    if (!php) return;
    // The subdomain's pool holds its settings; nginx sends none.
    const pool = await readFile(join(dir, 'web', 'php', '8.2', 'pool.d', 'haven-d7.conf'), 'utf8');
    expect(pool).toContain('[haven-d7-php82-www]');
    expect(pool).toContain('php_value[memory_limit] = 128M\n');
    expect(await siteFile()).toContain('haven-d7-php82-www.sock');
    expect(await siteFile()).not.toContain('PHP_VALUE');
  });

  it('applies a PHP setting change to the pool alone, without nginx', async () => {
    if (!php) return;
    const before = await siteFile();
    expect(await server().applySite(site('192M'))).toEqual([
      { kind: 'php-pool', php, removed: false },
    ]);
    expect(await siteFile()).toBe(before);
    await server().applySite(site());
  });

  it.skipIf(!root)(
    'runs a pool as the domain’s own account, in its home and temp only',
    async () => {
      const home = join(dir, 'homes', 'voorbeeld.test');
      const tmp = join(home, 'tmp');
      const owner = { user: 'nobody', group: 'nogroup', tmp, sessions: join(tmp, 'sessions') };
      await server().applySite(site('128M', owner));
      // Links are followed only to a target of the link's own owner.
      expect(await siteFile()).toContain('disable_symlinks if_not_owner from=$document_root;');
      // Its logs are made before nginx opens them, as reconcile wants them: root's, the domain's group.
      const gid = Number(
        (await run('getent', ['group', 'nogroup'], { timeoutMs: 5000 })).stdout.split(':')[2],
      );
      for (const kind of ['access', 'error']) {
        const log = await stat(join(home, 'logs', `www.${kind}.log`));
        expect({ uid: log.uid, gid: log.gid }).toEqual({ uid: 0, gid });
      }
      if (!php) return;
      const pool = await readFile(
        join(dir, 'web', 'php', '8.2', 'pool.d', 'haven-d7.conf'),
        'utf8',
      );
      expect(pool).toContain('user = nobody\ngroup = nogroup\n');
      expect(pool).toContain('listen.owner = www-data\nlisten.group = www-data\n');
      expect(pool).toContain(`php_admin_value[open_basedir] = "${home}/"\n`);
      expect(pool).toContain(`php_admin_value[upload_tmp_dir] = "${tmp}/"\n`);
      expect(pool).toContain(`php_admin_value[session.save_path] = "${tmp}/sessions"\n`);
      expect(pool).not.toContain('"/tmp/"');
      await server().applySite(site());
    },
  );

  it('keeps the old config when nginx -t refuses the new one', async () => {
    const before = await siteFile();
    const main = await readFile(join(dir, 'web', 'nginx', 'nginx.conf'), 'utf8');
    await expect(server(['127.0.0.1:99999']).applySite(site('256M'))).rejects.toBeInstanceOf(
      ConfigRejectedError,
    );
    expect(await siteFile()).toBe(before);
    expect(await readFile(join(dir, 'web', 'nginx', 'nginx.conf'), 'utf8')).toBe(main);
  });

  it.skipIf(!root)('keeps the old pool when php-fpm -t refuses the new one', async () => {
    if (!php) return;
    const pool = join(dir, 'web', 'php', '8.2', 'pool.d', 'haven-d7.conf');
    const before = await readFile(pool, 'utf8');
    await expect(
      server([LISTEN], { user: 'no-such-user-haven', group: 'nogroup' }).applySite(site('64M')),
    ).rejects.toBeInstanceOf(ConfigRejectedError);
    expect(await readFile(pool, 'utf8')).toBe(before);
  });

  it.skipIf(!root)(
    'checks PHP of changes that arrive together, refusing only the bad pool',
    async () => {
      if (!php) return;
      const web = server();
      const other = (id: number, name: string, owner: DomainSite['owner'] = null): DomainSite => ({
        ...site('96M', owner),
        domainId: id,
        domain: name,
        subdomains: [{ ...site('96M').subdomains[0]!, hostnames: [name], protectedDirs: [] }],
      });
      const nobody = { user: 'no-such-user-haven', group: 'nogroup', tmp: dir, sessions: dir };
      const results = await Promise.allSettled([
        web.applySite(other(11, 'een.test')),
        web.applySite(other(12, 'twee.test', nobody)),
        web.applySite(other(13, 'drie.test')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const pools = join(dir, 'web', 'php', '8.2', 'pool.d');
      expect(await readFile(join(pools, 'haven-d13.conf'), 'utf8')).toContain(
        'memory_limit] = 96M',
      );
      await expect(readFile(join(pools, 'haven-d12.conf'))).rejects.toThrow();
      await web.removeSite(11, 'een.test');
      await web.removeSite(13, 'drie.test');
    },
  );

  it('checks changes that arrive together, refusing only the one nginx refuses', async () => {
    const tls = [`127.0.0.1:${await freePort()}`];
    const web = createNginxWebServer({
      layout: localLayout(join(dir, 'web'), [LISTEN], runAs, tls),
      log: (m) => logs.push(m),
    });
    const other = (id: number, name: string, cert: string): DomainSite => ({
      ...site(),
      domainId: id,
      domain: name,
      subdomains: [{ ...site().subdomains[0]!, hostnames: [name], protectedDirs: [] }],
      tls: { certFile: cert, keyFile: cert, names: [name] },
    });
    const [good, bad] = await Promise.allSettled([
      web.applySite(other(8, 'goed.test', join(dir, 'no-such-cert.pem'))),
      web.applySite(other(9, 'fout.test', join(dir, 'no-such-cert.pem'))),
    ]);
    // Both name a missing certificate: each is refused alone, neither file stays.
    expect([good.status, bad.status]).toEqual(['rejected', 'rejected']);
    const sites = join(dir, 'web', 'nginx', 'sites');
    await expect(readFile(join(sites, 'goed.test.conf'))).rejects.toThrow();
    const fine = { ...other(8, 'goed.test', ''), tls: null };
    const results = await Promise.allSettled([
      web.applySite(fine),
      web.applySite(other(9, 'fout.test', join(dir, 'no-such-cert.pem'))),
      web.applySite({ ...other(10, 'ook-goed.test', ''), tls: null }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await readFile(join(sites, 'goed.test.conf'), 'utf8')).toContain('goed.test');
    expect(await readFile(join(sites, 'ook-goed.test.conf'), 'utf8')).toContain('ook-goed');
    await expect(readFile(join(sites, 'fout.test.conf'))).rejects.toThrow();
    await web.removeSite(8, 'goed.test');
    await web.removeSite(10, 'ook-goed.test');
  });

  it('removes the site, its pools and htpasswd files', async () => {
    await server().removeSite(7, 'voorbeeld.test');
    await expect(siteFile()).rejects.toThrow();
    await expect(
      readFile(join(dir, 'web', 'nginx', 'htpasswd', 'voorbeeld.test', '3')),
    ).rejects.toThrow();
  });
});
