import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { get, until } from '../../test/support/integration-services.ts';
import {
  groupMembers,
  missingForNode,
  nodeEnv,
  pickNodePorts,
  type NodePorts,
} from '../../test/support/test-node.ts';
import { run } from '../lib/process.ts';
import { findPhpVersions } from '../platform/web-server/php-versions.ts';
import { startLocalNode, withLocalNode, type LocalNode } from './local-node.ts';
import { readState } from '../platform/supervisor/state-file.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';

const php = (await findPhpVersions()).at(-1);
const missing = await missingForNode([
  'nginx',
  'pure-ftpd',
  'pure-pw',
  'pdns_server',
  'dig',
  'curl',
  'lftp',
]);
const skip = skipWhenMissing('supervisor integration test', [
  ...missing,
  process.getuid?.() !== 0 && 'root (php-fpm and pure-ftpd switch users)',
]);

describe.skipIf(skip)(
  'the local hosting node (supervised nginx, PHP-FPM, pure-ftpd, PowerDNS)',
  () => {
    let t: TestApp;
    let c: TestCustomer;
    let token: string;
    let node: LocalNode;
    let ports: NodePorts;
    const ftpUser = `shop${randomBytes(2).toString('hex')}`;
    const ftpPass = 'Shop-ftp-2024!x';
    const status = (name: string) => node.supervisor.statuses().find((s) => s.name === name);
    const dig = async (name: string, type: string) => {
      const r = await run(
        'dig',
        ['@127.0.0.1', '-p', String(ports.dns), name, type, '+short', '+tries=2', '+time=2'],
        { timeoutMs: 15_000 },
      );
      return r.stdout.split('\n').filter(Boolean).sort();
    };

    beforeAll(async () => {
      ports = await pickNodePorts();
      const apiKey = randomBytes(16).toString('hex');
      t = await createTestApp({
        env: {
          HAVEN_WEB_LISTEN: `127.0.0.1:${ports.web}`,
          PDNS_API_URL: `http://127.0.0.1:${ports.api}`,
          PDNS_API_KEY: apiKey,
          HOSTING_IPV4: '192.0.2.10',
        },
      });
      // The data dir as the panel leaves it (0711): www-data's nginx and PHP reach the homes.
      // The app was composed first (its data dir is made by the helper): hand the node the same key.
      await mkdir(join(t.dataDir, 'services', 'pdns'), { recursive: true });
      await writeFile(join(t.dataDir, 'services', 'pdns', 'api-key'), `${apiKey}\n`, {
        mode: 0o600,
      });
      const env = await nodeEnv(ports);
      const started = await startLocalNode(t.ctx.config, { env, log: () => {}, backoffMs: 200 });
      if (!started) throw new Error('the node did not start though HAVEN_SERVICES=on');
      node = started;
      c = await t.customer();
      token = await t.login(c);
    }, 60_000);

    afterAll(async () => {
      await node?.stop();
      await t?.close();
    });

    it('runs every installed service and keeps their state in the data dir', async () => {
      for (const s of node.supervisor.statuses())
        expect(s.state, `${s.name}: ${s.lastError}`).toBe('running');
      const names = node.supervisor.statuses().map((s) => s.name);
      expect(names).toEqual(
        expect.arrayContaining(['nginx', `php-fpm-${php?.version}`, 'pure-ftpd', 'pdns']),
      );
      const state = await readState(join(t.dataDir, 'services', 'state.json'));
      expect(state?.supervisorPid).toBe(process.pid);
      expect(state?.services.find((s) => s.name === 'nginx')?.pid).toBe(status('nginx')?.pid);
      expect(withLocalNode(t.ctx.config, node).dns.pdnsApiUrl).toBe(
        `http://127.0.0.1:${ports.api}`,
      );
    });

    it('serves a subdomain Haven generated, with PHP, at its .localhost name', async () => {
      const res = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/subdomain`,
        token,
        payload: {
          name: 'shop',
          phpHandlerId: php?.value,
          ftpAccount: { name: ftpUser, password: ftpPass },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await writeFile(
        join(t.dataDir, 'homes', c.domain, 'subdomains', 'shop', 'info.php'),
        '<?php echo "php ", PHP_VERSION;',
        { mode: 0o644 },
      );
      const page = await until('the PHP page', async () => {
        const r = await get(ports.web, `shop.${c.domain}.localhost`, '/info.php');
        return r.status === 200 ? r.body : undefined;
      });
      expect(page).toMatch(/^php \d+\.\d+\.\d+$/);
    });

    it('takes an upload over FTP that the site then serves', async () => {
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
          `ftp://127.0.0.1:${ports.ftp}/upload.html`,
        ],
        { input: 'via ftp\n', timeoutMs: 15_000 },
      );
      expect(up.code, up.stderr).toBe(0);
      // Fresh connections: one may still meet a worker an earlier reload is retiring.
      const body = await until('the uploaded page', async () => {
        const r = await get(ports.web, `shop.${c.domain}.localhost`, '/upload.html');
        return r.status === 200 ? r.body : undefined;
      });
      expect(body).toBe('via ftp\n');
    });

    it('runs PHP at the ini value chosen for the subdomain (its own pool)', async () => {
      const res = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/subdomain/shop/ini`,
        token,
        payload: { ini: { memory_limit: '192M' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      await writeFile(
        join(t.dataDir, 'homes', c.domain, 'subdomains', 'shop', 'ini.php'),
        '<?php echo ini_get("memory_limit");',
        { mode: 0o644 },
      );
      const value = await until('the ini value', async () => {
        const r = await get(ports.web, `shop.${c.domain}.localhost`, '/ini.php');
        return r.status === 200 && r.body === '192M' ? r.body : undefined;
      });
      expect(value).toBe('192M');
    });

    it('protects a directory (401 without, 200 with its user) that a web user fills over FTP with lftp', async () => {
      const call = (url: string, payload: object) =>
        t.call({ method: 'POST', url: `/api/${c.domain}/webhosting/${url}`, token, payload });
      const dir = await call('protected-directory', {
        subdomain: 'shop',
        name: 'beheer',
        description: 'Beheer',
      });
      expect(dir.statusCode, dir.body).toBe(200);
      const id = dir.json<{ id: number }>().id;
      const user = await call(`protected-directory/${id}/user`, {
        name: 'jan',
        password: 'Beheer-pass-24!',
      });
      expect(user.statusCode, user.body).toBe(200);
      const webUser = `web${randomBytes(2).toString('hex')}`;
      const created = await call('webuser', { name: webUser, password: 'Webuser-2024!x' });
      expect(created.statusCode, created.body).toBe(200);
      // The folder Haven made belongs to the domain's user, so the web user may write into it.
      const local = join(t.dataDir, 'lftp-upload.html');
      await writeFile(local, 'achter slot\n', { mode: 0o644 });
      const script = `set ftp:ssl-allow no; set net:max-retries 1; set net:timeout 10; put ${local} -o subdomains/shop/beheer/index.html; bye`;
      const up = await run(
        'lftp',
        ['-u', `${webUser},Webuser-2024!x`, '-p', String(ports.ftp), '-e', script, '127.0.0.1'],
        {
          timeoutMs: 30_000,
        },
      );
      expect(up.code, up.stderr).toBe(0);
      const host = `shop.${c.domain}.localhost`;
      const without = await until('the protection', async () => {
        const r = await get(ports.web, host, '/beheer/');
        return r.status === 401 ? r : undefined;
      });
      expect(without.status).toBe(401);
      expect((await get(ports.web, host, '/beheer/', 'jan:wrong-Pass-24!')).status).toBe(401);
      expect(await get(ports.web, host, '/beheer/', 'jan:Beheer-pass-24!')).toMatchObject({
        status: 200,
        body: 'achter slot\n',
      });
    }, 60_000);

    it('serves a record created through the DNS area on the supervised PowerDNS', async () => {
      const res = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/dns`,
        token,
        payload: { record: 'A', host: 'mail', value: '192.0.2.25' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await dig(`mail.${c.domain}`, 'A')).toEqual(['192.0.2.25']);
      expect(await dig(c.domain, 'A')).toEqual(['192.0.2.10']);
      const id = res.json<{ record: { id: number } }>().record.id;
      const changed = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/dns/${id}`,
        token,
        payload: { record: 'A', host: 'mail', value: '192.0.2.26' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await dig(`mail.${c.domain}`, 'A')).toEqual(['192.0.2.26']);
      const removed = await t.call({
        method: 'DELETE',
        url: `/api/${c.domain}/webhosting/dns/${id}`,
        token,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await dig(`mail.${c.domain}`, 'A')).toEqual([]);
    });

    it('restarts a service killed with SIGKILL, and it serves again', async () => {
      const before = status('nginx')?.pid ?? 0;
      expect(before).toBeGreaterThan(1);
      process.kill(before, 'SIGKILL');
      // The panel itself keeps answering while its web server is down.
      expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await until(
        'nginx back',
        async () =>
          status('nginx')?.state === 'running' && status('nginx')?.pid !== before
            ? true
            : undefined,
        20_000,
      );
      expect(status('nginx')?.restarts).toBe(1);
      const r = await get(ports.web, `shop.${c.domain}`, '/info.php');
      expect(r.status).toBe(200);
    }, 30_000);

    it('leaves no process running after stop', async () => {
      const groups = node.supervisor
        .statuses()
        .map((s) => s.pid)
        .filter((p): p is number => p !== null);
      expect(groups.length).toBeGreaterThanOrEqual(4);
      expect((await groupMembers(groups)).length).toBeGreaterThanOrEqual(groups.length);
      await node.stop();
      expect(await groupMembers(groups)).toEqual([]);
      for (const s of node.supervisor.statuses()) expect(s.state).toBe('stopped');
    }, 30_000);
  },
);

describe('service settings', () => {
  it('are off under vitest unless asked, and never in the debian profile', async () => {
    const { loadServiceSettings } = await import('./settings.ts');
    expect(loadServiceSettings('local', { VITEST: 'true' }).enabled).toBe(false);
    expect(loadServiceSettings('local', { VITEST: 'true', HAVEN_SERVICES: 'on' }).enabled).toBe(
      true,
    );
    expect(loadServiceSettings('local', {}).enabled).toBe(true);
    expect(loadServiceSettings('debian', { HAVEN_SERVICES: 'on' }).enabled).toBe(false);
    const s = loadServiceSettings('local', {
      HAVEN_WEB_LISTEN: '127.0.0.1:9001',
      HAVEN_FTP_PASSIVE_PORTS: '31000:31009',
    });
    expect([s.web.port, s.ftp.port, s.ftp.passive, s.dns.port, s.dns.apiPort]).toEqual([
      9001,
      2121,
      [31000, 31009],
      8053,
      8054,
    ]);
    expect(() => loadServiceSettings('local', { HAVEN_DNS_PORT: '53' })).toThrow(/HAVEN_DNS_PORT/);
  });
});
