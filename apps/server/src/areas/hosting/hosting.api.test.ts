import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { writeState } from '../../platform/supervisor/state-file.ts';
import { createHostingAccess } from '../../hosting-node/hosting-access.ts';
import { loadServiceSettings } from '../../hosting-node/settings.ts';

describe('GET /api/{domain}/hosting/access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says where a domain is served, and that no node runs under tests', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    const res = await t.call({ method: 'GET', url: `/api/${c.domain}/hosting/access`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      web: {
        state: 'off',
        package: null,
        subdomainUrl: `http://{subdomain}.${c.domain}.localhost:8081/`,
      },
      ftp: { state: 'off', package: null, host: '127.0.0.1', port: 2121 },
      dns: {
        state: 'off',
        package: null,
        server: { host: '127.0.0.1', port: 8053 },
        nameservers: [],
      },
    });
  });

  it('answers 404 for a domain the customer does not hold', async () => {
    const c = await t.customer();
    const other = await t.customer();
    const token = await t.login(c);
    const res = await t.call({ method: 'GET', url: `/api/${other.domain}/hosting/access`, token });
    expect(res.statusCode).toBe(404);
  });
});

describe('the hosting access from the supervisor state', () => {
  const settings = loadServiceSettings('local', {
    HAVEN_SERVICES: 'on',
    HAVEN_WEB_LISTEN: '127.0.0.1:9001',
  });
  const status = (
    name: string,
    state: 'running' | 'not-installed' | 'failing',
    pkg: string | null = null,
  ) => ({
    name,
    address: '-',
    state,
    pid: null,
    package: pkg,
    lastError: null,
    restarts: 0,
  });

  it('reports each service as the live supervisor last wrote it', async () => {
    const t = await createTestApp();
    try {
      await writeState(join(t.dataDir, 'services', 'state.json'), {
        supervisorPid: process.pid,
        updatedAt: Date.now(),
        services: [
          status('nginx', 'not-installed', 'nginx'),
          status('pure-ftpd', 'running'),
          status('pdns', 'failing'),
        ],
      });
      const access = createHostingAccess({
        profile: 'local',
        dataDir: t.dataDir,
        settings,
        nameservers: () => [],
      });
      const view = await access.describe('example.nl');
      expect(view.web).toEqual({
        state: 'not-installed',
        package: 'nginx',
        subdomainUrl: 'http://{subdomain}.example.nl.localhost:9001/',
      });
      expect([view.ftp.state, view.dns.state]).toEqual(['running', 'failing']);
      // A state file left by a supervisor that is gone: nothing runs.
      await writeState(join(t.dataDir, 'services', 'state.json'), {
        supervisorPid: 2 ** 22 + 1,
        updatedAt: Date.now(),
        services: [status('nginx', 'running')],
      });
      expect((await access.describe('example.nl')).web.state).toBe('stopped');
    } finally {
      await t.close();
    }
  });

  it('in the debian profile: the real host name, port 21 and the name servers', async () => {
    const access = createHostingAccess({
      profile: 'debian',
      dataDir: '/nonexistent',
      settings,
      nameservers: () => ['ns1.provider.nl', 'ns2.provider.nl'],
    });
    const view = await access.describe('example.nl');
    expect(view.web.subdomainUrl).toBe('http://{subdomain}.example.nl/');
    expect(view.ftp).toMatchObject({ state: 'system', host: 'example.nl', port: 21 });
    expect(view.dns).toMatchObject({
      server: null,
      nameservers: ['ns1.provider.nl', 'ns2.provider.nl'],
    });
  });
});
