import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { hasCommand } from '../lib/process.ts';
import { findPhpVersions } from '../platform/web-server/php-versions.ts';
import type { AreaModule } from '../areas/area.ts';
import { parseFlags, UsageError } from './args.ts';
import { COMMANDS } from './commands.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';

const php = (await findPhpVersions()).at(-1) ?? null;
const checkers = {
  nginx: await hasCommand('nginx', ['-v']),
  namedCheckzone: await hasCommand('named-checkzone', ['-v']),
  purePw: await hasCommand('pure-pw', ['--help']),
};
const absent = Object.entries(checkers).filter(([, ok]) => !ok);
// Without a checker its files are rewritten unchecked (and the pure-pw test skips); not in CI.
skipWhenMissing('reconcile test: checking the rewritten files', [
  ...absent.map(([n]) => n),
  !php && 'php-fpm',
]);

describe('haven reconcile over the files a customer made through the API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let dirId: number;
  const webuser = `web${randomBytes(3).toString('hex')}`;
  const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
    t.call({ method, url: `/api/${a.domain}/${url}`, token, ...(payload ? { payload } : {}) });
  const reconcile = async (flags: Record<string, string> = { domain: a.domain }) => {
    const lines: string[] = [];
    const code = await COMMANDS.reconcile!.run(t.ctx, flags, (l) => lines.push(l));
    return { code, lines };
  };
  const path = {
    vhost: () => join(t.dataDir, 'web', 'nginx', 'sites', `${a.domain}.conf`),
    htpasswd: () => join(t.dataDir, 'web', 'nginx', 'htpasswd', a.domain, String(dirId)),
    passwd: () => join(t.dataDir, 'ftp', 'pureftpd.passwd'),
    pdb: () => join(t.dataDir, 'ftp', 'pureftpd.pdb'),
    zone: () => join(t.dataDir, 'dns', 'zones', `${a.domain}.zone`),
    pool: async () => {
      const row = await t.ctx.customers.domainByName(a.domain);
      return join(t.dataDir, 'web', 'php', php?.version ?? '', 'pool.d', `haven-d${row?.id}.conf`);
    },
  };
  const read = (p: string) => readFile(p, 'utf8');

  beforeAll(async () => {
    t = await createTestApp({
      env: { HOSTING_IPV4: '192.0.2.10', PROVIDER_DOMAIN: 'hoster.test' },
    });
    a = await t.customer();
    token = await t.login(a);
    const ok = async <R extends { statusCode: number; body: string }>(p: Promise<R>) => {
      const res = await p;
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    await ok(
      call('POST', 'webhosting/subdomain', {
        name: 'shop',
        phpHandlerId: php?.value ?? null,
        ftpAccount: null,
      }),
    );
    if (php)
      await ok(call('POST', 'webhosting/subdomain/shop/ini', { ini: { memory_limit: '192M' } }));
    const dir = await ok(
      call('POST', 'webhosting/protected-directory', {
        subdomain: 'shop',
        name: 'intern',
        description: 'Medewerkers',
      }),
    );
    dirId = dir.json<{ id: number }>().id;
    await ok(
      call('POST', `webhosting/protected-directory/${dirId}/user`, {
        name: 'medewerker',
        password: 'Leden-pass-2024!',
      }),
    );
    await ok(call('POST', 'webhosting/webuser', { name: webuser, password: 'Webuser-pass-1!' }));
    await ok(call('POST', 'webhosting/dns', { record: 'A', host: 'shop', value: '192.0.2.77' }));
    await ok(call('POST', 'webhosting/dns', { record: 'TXT', host: '', value: 'hello=world' }));
  }, 60_000);
  afterAll(() => t.close());

  it('finds nothing different in what the panel just wrote', async () => {
    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
  });

  it('repairs a deleted vhost, an edited zone, a lost htpasswd line, FTP user and pool, and names each', async () => {
    const before = {
      vhost: await read(path.vhost()),
      htpasswd: await read(path.htpasswd()),
      passwd: await read(path.passwd()),
      pool: php ? await read(await path.pool()) : null,
    };
    expect(before.htpasswd).toMatch(/^medewerker:/);
    // A subdomain's PHP settings live in its PHP-FPM pool (not in nginx).
    if (php) expect(before.pool).toContain('php_value[memory_limit] = 192M');
    expect(before.passwd).toContain(`${webuser}:`);
    const zone = await read(path.zone());
    expect(zone).toMatch(/^shop\s.*IN A\s+192\.0\.2\.77$/m);

    await rm(path.vhost());
    await writeFile(path.htpasswd(), '');
    await writeFile(
      path.passwd(),
      before.passwd
        .split('\n')
        .filter((l) => !l.startsWith(`${webuser}:`))
        .join('\n'),
    );
    await writeFile(path.zone(), `${zone.replace(/^shop\s.*\n/m, '')}bogus 3600 IN A 192.0.2.99\n`);
    if (php)
      await writeFile(
        await path.pool(),
        before.pool!.replace('pm.max_children = 5', 'pm.max_children = 50'),
      );
    await rm(join(t.dataDir, 'homes', a.domain, 'subdomains', 'shop', 'intern'), {
      recursive: true,
    });

    const { code, lines } = await reconcile();
    const d = a.domain;
    const expected = [
      `folder subdomains/shop/intern of ${d} created`,
      ...(php ? [`PHP-FPM pool (${php.value}) of ${d} rewritten`] : []),
      `htpasswd of protected directory shop/intern of ${d} rewritten`,
      `nginx vhost of ${d} rewritten`,
      `FTP user ${webuser} of ${d} added`,
      `zone ${d}: 1 record added, 1 record removed in its zone file`,
    ];
    expect(lines).toEqual([
      ...expected,
      `${expected.length} items repaired, 0 failed (1 domain checked)`,
    ]);
    expect(code).toBe(0);

    expect(await read(path.vhost())).toBe(before.vhost);
    expect(await read(path.htpasswd())).toBe(before.htpasswd);
    expect(await read(path.passwd())).toBe(before.passwd);
    if (php) expect(await read(await path.pool())).toBe(before.pool);
    const repaired = await read(path.zone());
    expect(repaired).toMatch(/^shop\s.*IN A\s+192\.0\.2\.77$/m);
    expect(repaired).not.toContain('192.0.2.99');
    // A zone that changed is served under a newer serial (secondaries pick it up).
    const serial = (text: string) => Number(/SOA\s+\S+\s+\S+\s+(\d+)/.exec(text)?.[1]);
    expect(serial(repaired)).toBeGreaterThan(serial(zone));

    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
  });

  it('removes an FTP account the panel does not know from the domain home, keeps others', async () => {
    const passwd = await read(path.passwd());
    const home = join(t.dataDir, 'homes', a.domain);
    const line = (login: string, dir: string) =>
      `${login}:$2y$10$abcdefghijklmnopqrstuv:0:0::${dir}/./::::::::::::\n`;
    await writeFile(path.passwd(), passwd + line('stray', home) + line('elsewhere', '/srv/other'));
    expect((await reconcile()).lines).toEqual([
      `FTP user stray of ${a.domain} removed (not in the panel)`,
      '1 item repaired, 0 failed (1 domain checked)',
    ]);
    expect(await read(path.passwd())).toBe(passwd + line('elsewhere', '/srv/other'));
    await writeFile(path.passwd(), passwd);
    // Leaves the puredb older than the passwd file: the next test's reconcile begins from that.
    await utimes(path.pdb(), 0, 0).catch(() => undefined);
    await reconcile();
  });

  it.skipIf(!checkers.purePw)(
    'rebuilds an FTP user database that is older than the account list, or deleted',
    async () => {
      for (const damage of [() => utimes(path.pdb(), 0, 0), () => rm(path.pdb())]) {
        await damage();
        expect((await reconcile()).lines).toEqual([
          'FTP user database rebuilt (pure-pw mkdb)',
          '1 item repaired, 0 failed (1 domain checked)',
        ]);
      }
      expect((await reconcile()).lines).toEqual(['nothing differed (1 domain checked)']);
    },
  );

  it('re-applies the spam filter MX records when the domain has the spam filter', async () => {
    const row = await t.ctx.customers.domainByName(a.domain);
    // As a spam filter bought before its MX records were switched, or changed by hand since.
    await t.ctx.db
      .updateTable('dns_zones')
      .set({ has_spamfilter: 1 })
      .where('domain_id', '=', row!.id)
      .execute();
    expect((await reconcile()).lines).toEqual([
      `zone ${a.domain}: spam filter MX records re-applied and served by its zone file`,
      '1 item repaired, 0 failed (1 domain checked)',
    ]);
    const zone = await read(path.zone());
    expect(zone).toContain('mx1.spamfilter.hoster.test.');
    expect(zone).not.toMatch(/IN MX\s+10 mail\./);
    expect((await reconcile()).lines).toEqual(['nothing differed (1 domain checked)']);
  });

  it('takes --domain or runs every domain; refuses an unknown domain or flag', async () => {
    const flags = COMMANDS.reconcile!.flags;
    expect(parseFlags(['--domain', a.domain], flags)).toEqual({ domain: a.domain });
    expect(() => parseFlags(['--colour', 'red'], flags)).toThrow(UsageError);
    expect(() => parseFlags([a.domain], flags)).toThrow(UsageError);
    await expect(reconcile({ domain: 'unknown-domain.test' })).rejects.toBeInstanceOf(UsageError);
    const b = await t.customer();
    await rm(join(t.dataDir, 'web', 'nginx', 'sites', `${b.domain}.conf`));
    expect(await reconcile({ domain: a.domain.toUpperCase() })).toEqual({
      code: 0,
      lines: ['nothing differed (1 domain checked)'],
    });
    expect(await reconcile({})).toEqual({
      code: 0,
      lines: [
        `nginx vhost of ${b.domain} rewritten`,
        '1 item repaired, 0 failed (2 domains checked)',
      ],
    });
  });

  it('reports an area that fails, repairs the rest, and answers exit code 1', async () => {
    const broken: AreaModule = {
      name: 'broken',
      routes: () => undefined,
      reconcile: () => Promise.reject(new Error('disk full')),
    };
    t.ctx.areas.unshift(broken);
    try {
      await rm(path.vhost());
      expect(await reconcile()).toEqual({
        code: 1,
        lines: [
          `nginx vhost of ${a.domain} rewritten`,
          `FAILED broken of ${a.domain}: disk full`,
          '1 item repaired, 1 failed (1 domain checked)',
        ],
      });
    } finally {
      t.ctx.areas.splice(t.ctx.areas.indexOf(broken), 1);
    }
  });

  it('serves a website forward whose nginx file was lost again', async () => {
    const f = await t.customer();
    const tk = await t.login(f);
    const dns = (method: 'GET' | 'POST' | 'DELETE', rest = '', payload?: object) =>
      t.call({
        method,
        url: `/api/${f.domain}/webhosting/dns${rest}`,
        token: tk,
        ...(payload ? { payload } : {}),
      });
    // The forward needs the domain itself free of address records.
    const list = (await dns('GET')).json<{
      records: { id: number; record: string; host: string }[];
    }>();
    const apex = list.records.find((r) => r.record === 'HOST' && r.host === '');
    expect((await dns('DELETE', `/${apex?.id ?? 0}`)).statusCode).toBe(200);
    const created = await dns('POST', '', { record: 'FORWARD', value: 'https://example.org/' });
    expect(created.statusCode, created.body).toBe(200);
    const file = join(t.dataDir, 'web', 'nginx', 'forwards', `${f.domain}.conf`);
    const served = await read(file);
    const run = async () => {
      const lines: string[] = [];
      await COMMANDS.reconcile!.run(t.ctx, { domain: f.domain }, (l) => lines.push(l));
      return lines;
    };
    expect(await run()).toEqual(['nothing differed (1 domain checked)']);
    await rm(file);
    expect(await run()).toEqual([
      `website forward of ${f.domain} rewritten in nginx`,
      '1 item repaired, 0 failed (1 domain checked)',
    ]);
    expect(await read(file)).toBe(served);
    expect(await run()).toEqual(['nothing differed (1 domain checked)']);
  });
});
