import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createPureFtpd } from '../platform/ftp/ftp.pure-ftpd.ts';
import type { FtpAccount, FtpServer } from '../platform/ftp/ftp.port.ts';
import { systemClock } from '../lib/clock.ts';
import type { Nodes } from '../nodes/nodes.service.ts';
import { startLocalNodes, type LocalNodes } from '../nodes/local-nodes.ts';
import { ftpRemote } from '../platform/ftp/ftp.remote.ts';
import { RemoteOperationError } from '../nodes/remote-port.ts';
import { isUp } from '../nodes/heartbeats.ts';
import { VERSION } from '../version.ts';
import { bindAdapter } from './adapter-table.ts';
import { missingBinaries, skipWhenMissing } from '../../test/support/missing-tools.ts';

const skip = skipWhenMissing('agent FTP test', await missingBinaries(['pure-pw']));
const log = pino({ level: 'silent' });
const HASH = '$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

/**
 * One machine (startLocalNodes), the in-process bus: the FTP port driven through remotePort, the outbox, the relay
 * and the agent, which applies it with the real pure-ftpd adapter (passwd file and puredb).
 */
describe.skipIf(skip)('agent: the FTP port through the outbox and the in-process bus', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let local: LocalNodes;
  let nodes: Nodes;
  let ftp: FtpServer;
  /** Calls that reached the real adapter, in order. */
  const applied: string[] = [];
  const passwd = () => readFile(join(dir, 'ftp', 'passwd'), 'utf8').catch(() => '');
  const account = (login: string, hash = HASH): FtpAccount => ({
    login,
    hash,
    home: join(dir, 'home'),
    owner: null,
  });
  const objectOf = async (object: string) =>
    (await nodes.ops.objectsOf('local')).find((o) => o.object === object);
  const start = () => local.agent.start();
  const stop = () => local.agent.stop();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-agent-'));
    await mkdir(join(dir, 'home'));
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
    const real = createPureFtpd({
      passwdFile: join(dir, 'ftp', 'passwd'),
      pdbFile: join(dir, 'ftp', 'pureftpd.pdb'),
      uid: process.getuid?.() ?? 0,
      gid: process.getgid?.() ?? 0,
      log: () => {},
    });
    const counted: FtpServer = {
      ensureAccount: (a) => (applied.push(`ensure ${a.login}`), real.ensureAccount(a)),
      removeAccount: (l) => (applied.push(`remove ${l}`), real.removeAccount(l)),
      reconcileAccounts: (a, u) => (applied.push('reconcile'), real.reconcileAccounts(a, u)),
      grant: (p, o) => (applied.push(`grant ${p}`), real.grant(p, o)),
    };
    local = await startLocalNodes({
      db: handle.db,
      clock: systemClock,
      log,
      applyWaitMs: 1_000,
      agentDir: join(dir, 'agent'),
      adapters: [bindAdapter(ftpRemote, counted)],
    });
    nodes = local.nodes;
    ftp = nodes.port(ftpRemote, 'local');
  });

  afterAll(async () => {
    await local?.stop();
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies a change on the node, and the node beats its heart', async () => {
    await ftp.ensureAccount(account('klant1'));
    expect(await passwd()).toMatch(/^klant1:\$argon2id\$/m);
    expect(await objectOf('ftp:klant1')).toMatchObject({ revision: 1, applied_revision: 1 });
    const local = await nodes.store.byName('local');
    expect(isUp(local?.last_heartbeat_at ?? null, Date.now())).toBe(true);
    expect(local?.agent_version).toBe(VERSION);
  });

  it("reports a failing change as failed with the adapter's reason", async () => {
    const missing = join(dir, 'home', 'missing');
    const error = await ftp.grant(missing, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteOperationError);
    expect(error).toMatchObject({ reason: 'ENOENT' });
    const file = join(dir, 'home', 'file');
    await writeFile(file, '');
    await expect(ftp.grant(file, null)).rejects.toMatchObject({ reason: 'failed' });
    const failed = (await nodes.store.list()).find((n) => n.name === 'local')?.failed;
    expect(failed).toBe(2);
  });

  it('a second revision supersedes the first', async () => {
    const newer = HASH.replace('aGFzaGhh', 'bmV3bmV3');
    await ftp.ensureAccount(account('klant1', newer));
    expect(await passwd()).toContain(newer);
    expect(await passwd()).not.toContain(HASH);
    expect(await objectOf('ftp:klant1')).toMatchObject({ revision: 2, applied_revision: 2 });
  });

  it('an agent started again applies nothing it holds, even when its work comes again', async () => {
    await stop();
    const before = applied.length;
    await start();
    // The newest operation of klant1 redelivered (as after a lost acknowledgement): skipped.
    const [row] = await nodes.ops.pending(1);
    expect(row).toBeUndefined();
    const newest = await nodes.ops.requeueNewest('local', 'ftp:klant1', 2, 'again');
    expect(newest).toBe(1);
    nodes.relay.kick();
    await nodes.relay.idle();
    await vi.waitFor(async () => expect((await nodes.ops.byId('again'))?.state).toBe('applied'));
    expect(applied.slice(before)).toEqual([]);
  });

  it('a node that is down keeps the change pending, and applies it when it comes back', async () => {
    await stop();
    await ftp.ensureAccount(account('klant2'));
    expect(await passwd()).not.toMatch(/^klant2:/m);
    expect((await nodes.store.list()).find((n) => n.name === 'local')?.pending).toBe(1);
    await start();
    await vi.waitFor(async () => expect(await passwd()).toMatch(/^klant2:/m));
    await vi.waitFor(async () => expect((await objectOf('ftp:klant2'))?.applied_revision).toBe(1));
    expect((await nodes.store.list()).find((n) => n.name === 'local')?.pending).toBe(0);
  });
});
