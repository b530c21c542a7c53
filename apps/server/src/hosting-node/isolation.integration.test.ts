import { randomBytes } from 'node:crypto';
import {
  chmod,
  lchown,
  lstat,
  mkdir,
  mkdtemp,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { get, until } from '../../test/support/integration-services.ts';
import {
  attackPhp,
  peekPhp,
  stateProbe,
  statePhp,
  type Attack,
} from '../../test/support/isolation-attack.ts';
import { stateTargets } from '../../test/support/state-targets.ts';
import { listenProxySocket } from '../platform/proxy-socket/proxy-socket.ts';
import {
  missingForNode,
  nodeEnv,
  pickNodePorts,
  type NodePorts,
} from '../../test/support/test-node.ts';
import { reconcileDomains } from '../cli/reconcile.ts';
import { run } from '../lib/process.ts';
import { startLocalNode, type LocalNode } from './local-node.ts';
import { missingBinaries, skipWhenMissing } from '../../test/support/missing-tools.ts';

/**
 * Issue #17: two customers with PHP on the supervised nginx, each domain its own system user.
 * A's PHP (and A's system user itself) tries every way into B's files; none may succeed.
 * Issue #40: nor, with a shell, into anything of the panel's under the data dir, or its sockets.
 */
const missing = await missingForNode(['nginx', 'useradd', 'setpriv', 'curl']);
const ftpMissing = await missingBinaries(['pure-ftpd', 'lftp']);
const skip = skipWhenMissing('isolation integration test', [
  ...missing,
  process.getuid?.() !== 0 && 'root (per-domain system users)',
]);

describe.skipIf(skip)('customers isolated from each other (per-domain users)', () => {
  let t: TestApp;
  let node: LocalNode;
  let a: TestCustomer;
  let b: TestCustomer;
  const prefix = `hvi${randomBytes(3).toString('hex')}-`;
  let ports: NodePorts;
  const stray = `/tmp/haven-iso-${randomBytes(4).toString('hex')}.txt`;
  const home = (c: TestCustomer) => join(t.dataDir, 'homes', c.domain);
  const docs = (c: TestCustomer) => join(home(c), 'httpdocs');
  const domainOf = async (c: TestCustomer) => {
    const row = await t.ctx.customers.domainByName(c.domain);
    if (!row) throw new Error(`no domain ${c.domain}`);
    return { id: row.id, name: row.name };
  };
  const ownerOf = async (c: TestCustomer) => {
    const owner = await t.ctx.webspace.ensureOwner(await domainOf(c));
    if (!owner) throw new Error('no per-domain account');
    return owner;
  };
  /** A command as the domain's own system user (its groups only), as its PHP or FTP would run. */
  const asUser = async (c: TestCustomer, cmd: string, args: string[]) => {
    const o = await ownerOf(c);
    return run(
      'setpriv',
      [`--reuid=${o.uid}`, `--regid=${o.gid}`, '--clear-groups', cmd, ...args],
      { timeoutMs: 10_000 },
    );
  };
  const page = (c: TestCustomer, path: string) => get(ports.web, `www.${c.domain}.localhost`, path);

  beforeAll(async () => {
    ports = await pickNodePorts();
    const env = {
      HAVEN_WEB_LISTEN: `127.0.0.1:${ports.web}`,
      HAVEN_DOMAIN_USERS: 'on',
      HAVEN_DOMAIN_USER_PREFIX: prefix,
    };
    // The data dir as the panel leaves it (0711, platform/data-dir): nothing opened for the test.
    t = await createTestApp({ env });
    const started = await startLocalNode(t.ctx.config, {
      env: { ...env, ...(await nodeEnv(ports)) },
      log: () => {},
      backoffMs: 200,
    });
    if (!started) throw new Error('the node did not start though HAVEN_SERVICES=on');
    node = started;
    // Both after nginx started: the reload must hand its new workers the new domain groups.
    a = await t.customer();
    b = await t.customer();
    const bUser = await ownerOf(b);
    await writeFile(join(docs(b), 'secret.txt'), 'B-SECRET', { mode: 0o644 });
    await mkdir(join(home(b), 'private'), { recursive: true });
    await writeFile(join(home(b), 'private', 'config.php'), '<?php echo "B-CONFIG";');
    for (const f of [join(docs(b), 'secret.txt'), join(home(b), 'private', 'config.php')])
      await lchown(f, bUser.uid, bUser.gid);
    const aUser = await ownerOf(a);
    const attack = attackPhp({
      bDocs: docs(b),
      bConfig: join(home(b), 'private', 'config.php'),
      stray,
    });
    for (const [name, text] of [
      ['own.txt', 'A-OWN'],
      ['attack.php', attack],
    ] as const) {
      await writeFile(join(docs(a), name), text, { mode: 0o644 });
      await lchown(join(docs(a), name), aUser.uid, aUser.gid);
    }
    // Links A can make itself (PHP, FTP): one into B's home, one to its own file.
    await asUser(a, 'ln', ['-s', join(docs(b), 'secret.txt'), join(docs(a), 'link.txt')]);
    await asUser(a, 'ln', ['-s', join(docs(a), 'own.txt'), join(docs(a), 'own-link.txt')]);
    await writeFile(join(docs(b), 'peek.php'), peekPhp(join(home(a), 'tmp', 'a-temp.txt'), stray));
    await lchown(join(docs(b), 'peek.php'), bUser.uid, bUser.gid);
  }, 90_000);

  afterAll(async () => {
    await node?.stop();
    // The system users are machine-wide: remove what this run made (the homes go with the data dir).
    for (const c of [a, b])
      if (c) await t.ctx.webspace.removeHome(await domainOf(c)).catch(() => undefined);
    await t?.close();
  });

  it('gives each home to its own user and group, closed to others, nginx in through the group', async () => {
    const [ua, ub] = [await ownerOf(a), await ownerOf(b)];
    expect(ua.user).toBe(`${prefix}${(await domainOf(a)).id}`);
    expect(ua.uid).not.toBe(ub.uid);
    for (const [c, o] of [
      [a, ua],
      [b, ub],
    ] as const) {
      const st = await stat(home(c));
      expect({ uid: st.uid, gid: st.gid, mode: st.mode & 0o777 }).toEqual({
        uid: o.uid,
        gid: o.gid,
        mode: 0o750,
      });
      const members = (await run('getent', ['group', o.group], { timeoutMs: 5000 })).stdout;
      expect(members.trim().split(':')[3]?.split(',')).toContain('www-data');
    }
  });

  it('serves each customer’s own files (and a link to their own file)', async () => {
    const own = await until('A’s own page', async () => {
      const r = await page(a, '/own.txt');
      return r.status === 200 ? r.body : undefined;
    });
    expect(own).toBe('A-OWN');
    expect((await page(a, '/own-link.txt')).body).toBe('A-OWN');
    // B was added last: the reloaded workers read B's home through B's new group.
    expect((await page(b, '/secret.txt')).body).toBe('B-SECRET');
  });

  it('refuses A’s link into B’s home on nginx', async () => {
    const r = await page(a, '/link.txt');
    // try_files finds no file it may open (a link to A's own file is served, above).
    expect([403, 404]).toContain(r.status);
    expect(r.body).not.toContain('B-SECRET');
  });

  it('keeps A’s PHP out of B’s files and out of the shared /tmp', async () => {
    const r = await until('A’s PHP', async () => {
      const res = await page(a, '/attack.php');
      return res.status === 200 ? res.body : undefined;
    });
    const out = JSON.parse(r) as Attack;
    expect(out).toMatchObject({
      read: false,
      include: false,
      viaLink: false,
      madeLink: false,
      hardLink: false,
      scan: false,
      tmpWrite: true,
      sharedTmp: false,
    });
    expect(out.tmp.replace(/\/$/, '')).toBe(join(home(a), 'tmp'));
    expect(out.session).toBe(join(home(a), 'tmp', 'sessions'));
    const temp = await stat(join(home(a), 'tmp', 'a-temp.txt'));
    expect(temp.uid).toBe((await ownerOf(a)).uid);
    // B's PHP sees neither A's temp files nor the shared /tmp.
    const peek = await page(b, '/peek.php');
    expect(JSON.parse(peek.body)).toEqual([false, false]);
  });

  it('keeps A’s PHP, with a shell too, out of the panel’s state, B’s home and logs, and every socket', async () => {
    // The panel's socket for a reverse proxy, as the debian unit runs it (group www-data).
    const proxyDir = await mkdtemp(join(tmpdir(), 'haven-proxy-'));
    const proxy = await listenProxySocket(t.app.server, join(proxyDir, 'panel.sock'), 'www-data');
    try {
      // Every service up, its sockets and files in place: a failed one would hide its holes.
      const down = node.supervisor.statuses().filter((x) => x.state !== 'running');
      expect(down.filter((x) => x.state !== 'not-installed').map((x) => x.name)).toEqual([]);
      expect((await page(b, '/secret.txt')).status).toBe(200); // B's access log has a line
      const o = await ownerOf(a);
      const list = join(home(a), 'private', 'targets.txt');
      const probe = join(home(a), 'private', 'probe.sh');
      // Roundcube's program files (links to Debian's, world-readable in /usr/share) are public.
      const programs = ['public', 'plugins'].map((d) => join(t.dataDir, 'webmail', d));
      const targets = [
        ...(await stateTargets(t.dataDir, [home(a), ...programs])),
        `S ${join(proxyDir, 'panel.sock')}`,
      ];
      if (!process.env.HAVEN_TEST_PG)
        expect(targets).toContain(`F ${join(t.dataDir, 'haven.sqlite')}`);
      expect(targets).toContain(`F ${join(docs(b), 'secret.txt')}`);
      expect(targets.some((l) => l.startsWith(`F ${join(home(b), 'logs')}/`))).toBe(true);
      expect(targets.some((l) => l.startsWith('S ') && l.includes('/web/run/'))).toBe(true);
      await writeFile(list, `${targets.join('\n')}\n`);
      await writeFile(probe, stateProbe(list, t.dataDir, home(a)));
      await writeFile(join(docs(a), 'state.php'), statePhp(list, probe));
      for (const f of [list, probe, join(docs(a), 'state.php')]) await lchown(f, o.uid, o.gid);
      const r = await page(a, '/state.php');
      expect(r.status, r.body).toBe(200);
      const out = JSON.parse(r.body) as { shell: boolean; got: string[] };
      expect(out.shell).toBe(true);
      // Dovecot keeps its base_dir listable (it fixes the mode at each start): names only.
      const dovecotRun = `list ${join(t.dataDir, 'services', 'dovecot', 'run')}`;
      expect(out.got.filter((l) => l !== dovecotRun)).toEqual([]);
    } finally {
      await proxy.close();
      await rm(proxyDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('keeps A’s system user itself (no open_basedir) out of B’s home', async () => {
    expect((await asUser(a, 'cat', [join(docs(b), 'secret.txt')])).code).not.toBe(0);
    expect((await asUser(a, 'ls', [home(b)])).code).not.toBe(0);
    const hard = await asUser(a, 'ln', [join(docs(b), 'secret.txt'), join(docs(a), 'hard2.txt')]);
    expect(hard.code).not.toBe(0);
    expect(await lstat(join(docs(a), 'hard2.txt')).catch(() => null)).toBeNull();
  });

  it.skipIf(skipWhenMissing('isolation FTP test', ftpMissing))(
    'writes A’s FTP uploads as A’s user, and keeps B’s home out of reach',
    async () => {
      const token = await t.login(a);
      const login = `iso${randomBytes(2).toString('hex')}`;
      const created = await t.call({
        method: 'POST',
        url: `/api/${a.domain}/webhosting/webuser`,
        token,
        payload: { name: login, password: 'Webuser-2024!x' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const local = join(t.dataDir, 'ftp-upload.html');
      await writeFile(local, 'via ftp\n', { mode: 0o644 });
      const lftp = (cmd: string) =>
        run(
          'lftp',
          [
            ...['-u', `${login},Webuser-2024!x`, '-p', String(ports.ftp), '-e'],
            `set ftp:ssl-allow no; set net:max-retries 1; set net:timeout 10; ${cmd}; bye`,
            '127.0.0.1',
          ],
          { timeoutMs: 30_000 },
        );
      const up = await lftp(`put ${local} -o httpdocs/ftp.html`);
      expect(up.code, up.stderr).toBe(0);
      const st = await lstat(join(docs(a), 'ftp.html'));
      const o = await ownerOf(a);
      expect({ uid: st.uid, gid: st.gid }).toEqual({ uid: o.uid, gid: o.gid });
      // Chrooted to A's home: B's absolute path does not exist there.
      const peek = await lftp(`cat ${join(docs(b), 'secret.txt')}`);
      expect(peek.stdout).not.toContain('B-SECRET');
    },
    60_000,
  );

  it('creates file manager entries as the domain’s user', async () => {
    const token = await t.login(a);
    const res = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/filemanager/file`,
      token,
      payload: { path: '/httpdocs', name: 'new.txt' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const st = await lstat(join(docs(a), 'new.txt'));
    expect(st.uid).toBe((await ownerOf(a)).uid);
  });

  it('reconcile gives a home’s entries back to its user, but never a shared hard link', async () => {
    const o = await ownerOf(a);
    await mkdir(join(docs(a), 'old'), { recursive: true });
    await writeFile(join(docs(a), 'old', 'page.html'), 'old');
    await chmod(home(a), 0o755);
    // As an install from before per-domain users left them: everything the web account's.
    for (const p of [join(docs(a), 'old'), join(docs(a), 'old', 'page.html')])
      await lchown(p, 33, 33);
    // A link a customer (or an old install) left in logs/: nginx's master would follow it as root.
    await symlink('/etc/hostname', join(home(a), 'logs', 'www.x.log'));
    const report = await reconcileDomains(t.ctx, a.domain);
    expect(report.failures).toEqual([]);
    const texts = report.differences.map((d) => d.text);
    expect(texts).toContain(`home of ${a.domain} closed to other users (0750)`);
    expect(texts).toContain(`1 links in logs/ of ${a.domain} removed`);
    expect(texts.join('\n')).toMatch(
      new RegExp(`^[0-9]+ entries in the home of ${a.domain} given to ${o.user}$`, 'm'),
    );
    const logs = await stat(join(home(a), 'logs'));
    expect({ uid: logs.uid, gid: logs.gid, mode: logs.mode & 0o777 }).toEqual({
      uid: 0,
      gid: o.gid,
      mode: 0o750,
    });
    const st = await stat(join(docs(a), 'old', 'page.html'));
    expect({ uid: st.uid, gid: st.gid }).toEqual({ uid: o.uid, gid: o.gid });
    expect((await stat(home(a))).mode & 0o777).toBe(0o750);
    expect((await reconcileDomains(t.ctx, a.domain)).differences).toEqual([]);
  });
});
