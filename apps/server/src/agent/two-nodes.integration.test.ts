import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { missingBinaries, skipWhenMissing } from '../../test/support/missing-tools.ts';
import { createTestHost, removeStale, type TestHost } from '../../test/support/netns.ts';
import { startTestNats, type TestNats } from '../../test/support/nats-server.ts';
import { makeTestCertificates } from '../../test/support/test-ca.ts';
import {
  enrolInHost,
  startAgentInHost,
  type AgentProcess,
} from '../../test/support/agent-process.ts';
import { addNode, natsNodeUsersOf } from '../nodes/enrolment.ts';
import { loadAgentLogin } from '../platform/node-bus/agent-login-file.ts';
import { webspaceRemote } from '../platform/webspace/webspace.remote.ts';
import { ftpRemote } from '../platform/ftp/ftp.remote.ts';
import { hashPassword } from '../lib/passwords.ts';
import { isUp } from '../nodes/heartbeats.ts';

const isRoot = process.getuid?.() === 0;
const skip = skipWhenMissing('two hosting nodes test', [
  !isRoot && 'root',
  ...(await missingBinaries([
    'ip',
    'nats-server',
    'openssl',
    'pure-pw',
    'pure-ftpd',
    'pdns_server',
    'dig',
    'curl',
  ])),
]);

const FTP_PASSWORD = 'Ftp-pass-2024!x';

/** The name nodes reach nats-server by (their hosts file says where), which its certificate names. */
const NATS_NAME = 'nats.haven.test';
/** `ip netns exec` mounts this folder's files over /etc inside the namespace. */
const netnsEtc = (host: TestHost) => join('/etc/netns', host.name);

interface TestNode {
  name: string;
  host: TestHost;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  agent?: AgentProcess;
}

/**
 * Two hosting nodes in network namespaces, each running `haven agent` (its own process, data
 * dir and NATS login, enrolled through the panel's endpoint), the panel in this process and
 * nats-server over TLS (a CA made here) on the host side. Each node runs its services in its
 * namespace (PowerDNS, nginx, pure-ftpd... on its own 127.0.0.1). What travels end to end so
 * far: a customer's home, an FTP login and a DNS record (through the DNS area, served by the
 * domain's node's PowerDNS), each on its own node only.
 */
describe.skipIf(skip)('two hosting nodes over NATS', () => {
  let dir = '';
  let nats: TestNats | undefined;
  let panel: TestApp | undefined;
  let panelUrl = '';
  const nodes: TestNode[] = [];
  const node = (name: string) => nodes.find((n) => n.name === name) as TestNode;
  const webspace = (name: string) => panel!.ctx.nodes.nodes.port(webspaceRemote, name);

  const tokenFor = async (name: string) =>
    addNode(panel!.ctx.nodes.nodes.store, panel!.ctx.clock, name, ['web']);
  const isUpNow = async (name: string) => {
    const row = await panel!.ctx.nodes.nodes.store.byName(name);
    return isUp(row?.last_heartbeat_at ?? null, Date.now());
  };
  const failWithOutput = (n: TestNode) => (error: unknown) => {
    throw new Error(`${String(error)}\nagent ${n.name} said:\n${n.agent?.output() ?? ''}`);
  };

  beforeAll(async () => {
    await removeStale();
    dir = await mkdtemp(join(tmpdir(), 'haven-two-nodes-'));
    for (const name of ['alpha', 'beta']) {
      const host = await createTestHost();
      const dataDir = join(dir, name);
      nodes.push({
        name,
        host,
        dataDir,
        env: {
          PATH: process.env.PATH,
          HAVEN_DATA_DIR: dataDir,
          HAVEN_PROFILE: 'local',
          // The node's own services in its namespace (its own 127.0.0.1): PowerDNS, nginx...
          HAVEN_SERVICES: 'on',
          HAVEN_MAIL_FILTER: 'off',
          HAVEN_DOMAIN_USERS: 'off',
          HAVEN_SEED_DEMO: '0',
          LOG_LEVEL: 'info',
        },
      });
    }
    // nats-server on every address of this host: the panel reaches it as `localhost`, each
    // namespace as NATS_NAME through its own pair (a hosts file of its own), with TLS naming both.
    const panelHost = nodes[0]!.host.hostAddress;
    for (const n of nodes) {
      await n.host.exec(['ip', 'route', 'add', 'default', 'via', n.host.hostAddress]);
      await mkdir(netnsEtc(n.host), { recursive: true });
      await writeFile(
        join(netnsEtc(n.host), 'hosts'),
        `127.0.0.1 localhost\n${n.host.hostAddress} ${NATS_NAME}\n`,
      );
    }
    const certs = await makeTestCertificates(dir, ['localhost', NATS_NAME]);
    nats = await startTestNats([], { host: '0.0.0.0', tls: certs });
    const port = new URL(nats.url).port;
    panel = await createTestApp({
      env: {
        NATS_URL: `tls://localhost:${port}`,
        NATS_NODE_URL: `tls://${NATS_NAME}:${port}`,
        NATS_USER: nats.panel.user,
        NATS_PASSWORD: nats.panel.pass,
        NATS_CA_FILE: certs.caFile,
        NATS_AUTH_FILE: nats.authFile,
        NATS_PID_FILE: nats.pidFile,
      },
    });
    await panel.app.listen({ host: panelHost, port: 0 });
    panelUrl = `http://${panelHost}:${(panel.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    // SIGTERM: each agent stops its services and waits for them (SIGKILL after 15 s).
    for (const n of nodes) await n.agent?.stop('SIGTERM');
    await panel?.close();
    await nats?.stop();
    for (const n of nodes) {
      await n.host.remove();
      await rm(netnsEtc(n.host), { recursive: true, force: true });
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('enrols each node once through the panel, its login saved for its user only', async () => {
    for (const n of nodes) {
      const token = await tokenFor(n.name);
      const r = await enrolInHost(n.host, n.env, token, panelUrl);
      expect(r.stderr + r.stdout).toContain(`enrolled as node ${n.name}`);
      expect(r.code).toBe(0);
      const login = join(n.dataDir, 'agent', 'nats-login.json');
      expect((await stat(login)).mode & 0o777).toBe(0o600);
      expect((await loadAgentLogin(join(n.dataDir, 'agent')))?.user).toBe(`node-${n.name}`);
      // The token is spent.
      const again = await enrolInHost(n.host, n.env, token, panelUrl);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(/unknown, used or expired/);
    }
    const row = await panel!.ctx.nodes.nodes.store.byName('alpha');
    expect(row?.state).toBe('active');
  }, 120_000);

  it('runs an agent on each node, which beats its heart to the panel', async () => {
    for (const n of nodes) n.agent = startAgentInHost(n.host, n.env);
    for (const n of nodes)
      await vi
        .waitFor(async () => expect(await isUpNow(n.name)).toBe(true), {
          timeout: 60_000,
          interval: 250,
        })
        .catch(failWithOutput(n));
  }, 90_000);

  it("makes a domain's home on its own node only", async () => {
    const a = node('alpha');
    const b = node('beta');
    const home = await webspace('alpha').ensureHome('op-alpha.test').catch(failWithOutput(a));
    expect(home).toBe(join(a.dataDir, 'homes', 'op-alpha.test'));
    await webspace('beta').ensureHome('op-beta.test').catch(failWithOutput(b));
    expect(existsSync(join(a.dataDir, 'homes', 'op-alpha.test'))).toBe(true);
    expect(existsSync(join(b.dataDir, 'homes', 'op-beta.test'))).toBe(true);
    expect(existsSync(join(b.dataDir, 'homes', 'op-alpha.test'))).toBe(false);
    expect(existsSync(join(a.dataDir, 'homes', 'op-beta.test'))).toBe(false);
  }, 60_000);

  it('serves an FTP login from its own node only', async () => {
    const a = node('alpha');
    const b = node('beta');
    const home = join(a.dataDir, 'homes', 'op-alpha.test');
    await writeFile(join(home, 'hello.txt'), 'from alpha\n');
    const ftp = (name: string) => panel!.ctx.nodes.nodes.port(ftpRemote, name);
    const hash = await hashPassword(FTP_PASSWORD);
    await ftp('alpha').ensureAccount({ login: 'alpha1', hash, home, owner: null });
    // pure-ftpd on each node's own 127.0.0.1:2121 (HAVEN_FTP_PORT's default).
    const fetchHello = (n: TestNode) =>
      n.host.exec(
        ['curl', '-s', '--max-time', '10', '--user', `alpha1:${FTP_PASSWORD}`].concat([
          'ftp://127.0.0.1:2121/hello.txt',
        ]),
        { timeoutMs: 15_000 },
      );
    await vi
      .waitFor(async () => expect((await fetchHello(a)).stdout).toBe('from alpha\n'), {
        timeout: 15_000,
        interval: 500,
      })
      .catch(failWithOutput(a));
    expect((await fetchHello(b)).stdout).toBe('');
  }, 60_000);

  it("serves a customer's DNS record from the PowerDNS of the domain's node (through the DNS area)", async () => {
    const t = panel!;
    const c = await t.customer();
    const token = await t.login(c);
    await t.ctx.db
      .updateTable('domains')
      .set({ node: 'beta' })
      .where('name', '=', c.domain)
      .execute();
    t.ctx.customers.domainsChanged();
    const r = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/webhosting/dns`,
      token,
      payload: { record: 'A', host: 'shop', value: '192.0.2.77', ttl: 3600 },
    });
    expect(r.statusCode, r.body).toBe(200);
    const dig = (n: TestNode) =>
      n.host.exec(['dig', '+short', '@127.0.0.1', '-p', '8053', `shop.${c.domain}`, 'A'], {
        timeoutMs: 10_000,
      });
    expect((await dig(node('beta'))).stdout.trim()).toBe('192.0.2.77');
    expect((await dig(node('alpha'))).stdout.trim()).toBe('');
  }, 60_000);

  it("does not let node beta's login take alpha's work", async () => {
    const login = await loadAgentLogin(join(node('beta').dataDir, 'agent'));
    // From this host, where the name is `localhost`: what code on beta could do with its login.
    const nc = await connect({
      servers: login!.servers.map((url) => url.replace(NATS_NAME, 'localhost')),
      user: login!.user,
      pass: login!.password,
      tls: { caFile: login!.caFile ?? '' },
      inboxPrefix: '_INBOX_beta',
    });
    try {
      await expect(jetstream(nc).consumers.get('HAVEN_WORK', 'work-alpha')).rejects.toThrow(
        /Permissions Violation/,
      );
    } finally {
      await nc.close();
    }
  }, 30_000);

  it('keeps a change for a node that is down and applies it once the agent is back', async () => {
    const a = node('alpha');
    expect(await a.agent!.stop('SIGKILL')).toBe('SIGKILL');
    const pending = webspace('alpha').removeHome({ id: 1, name: 'op-alpha.test' });
    // removeHome answers nothing: past the apply wait it resolves, saved and pending.
    await pending;
    expect(existsSync(join(a.dataDir, 'homes', 'op-alpha.test'))).toBe(true);
    a.agent = startAgentInHost(a.host, a.env);
    await vi
      .waitFor(() => expect(existsSync(join(a.dataDir, 'homes', 'op-alpha.test'))).toBe(false), {
        timeout: 60_000,
        interval: 250,
      })
      .catch(failWithOutput(a));
  }, 90_000);

  it('stops an agent cleanly on SIGTERM', async () => {
    const b = node('beta');
    expect(await b.agent!.stop('SIGTERM')).toBe(0);
  }, 30_000);

  it("takes a revoked node's NATS login away", async () => {
    const { config } = panel!.ctx;
    await panel!.ctx.nodes.nodes.store.revoke('beta', Date.now());
    expect(await natsNodeUsersOf(config.nats, config.dataDir)?.remove('beta')).toBe(true);
    const login = await loadAgentLogin(join(node('beta').dataDir, 'agent'));
    const attempt = () =>
      connect({
        servers: login!.servers.map((url) => url.replace(NATS_NAME, 'localhost')),
        user: login!.user,
        pass: login!.password,
        tls: { caFile: login!.caFile ?? '' },
        maxReconnectAttempts: 0,
      }).then((nc) => nc.close());
    // The reload is asynchronous: refused a moment later.
    await vi.waitFor(() => expect(attempt()).rejects.toThrow(/Authorization/i), {
      timeout: 10_000,
      interval: 250,
    });
  }, 30_000);
});
