import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createInProcessBus, type InProcessBus } from '../node-bus/node-bus.in-process.ts';
import { NodeUnavailableError } from '../node-bus/node-bus.port.ts';
import { systemClock } from '../../lib/clock.ts';
import { bindAdapter, createAdapterTable } from '../../agent/adapter-table.ts';
import { heldFile } from '../../agent/held-revisions.ts';
import { startAgent, type Agent } from '../../agent/agent.ts';
import { createNodes, type Nodes } from '../../nodes/nodes.service.ts';
import { RemoteOperationError } from '../../nodes/remote-port.ts';
import { createCronFiles } from './cron.files.ts';
import type { CronDomain, CronJobPlan, CronTable } from './cron.port.ts';
import type { RunRecord } from './run-spec.ts';
import { cronRemote } from './cron.remote.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';

const hash = 'ab'.repeat(8);
const every = { minute: '*/5', hour: '*', day: '*', month: '*', dayofweek: '*' };

// The node's real cron files (local mode: no cron daemon), its run now recorded instead of run.
describe('cronRemote: a domain crontab and its run records on a node', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let bus: InProcessBus;
  let nodes: Nodes;
  let agent: Agent | null = null;
  let port: CronTable;
  let domain: CronDomain;
  const ran: string[] = [];
  const log = pino({ level: 'silent' });
  const job = (paused = false): CronJobPlan => ({
    hash,
    paused,
    schedule: every,
    cwd: domain.home,
    argv: ['/bin/sh', '-c', 'true'],
    log: null,
    home: domain.home,
  });
  const spool = () => join(dir, 'cron', 'domains', '7', 'runs');
  const record = async (name: string, r: Partial<RunRecord>) =>
    writeFile(join(spool(), name), JSON.stringify({ hash, trigger: 'schedule', ...r }));
  const startNode = async () => {
    const files = createCronFiles({ root: join(dir, 'cron'), mode: 'local' });
    const adapter: CronTable = {
      ...files,
      runNow: async (d, h) => void ran.push(`${d.id} ${h}`),
      install: async (d, jobs) => {
        if (jobs.some((j) => j.argv.includes('fail'))) throw new Error('crontab: bad line');
        return files.install(d, jobs);
      },
    };
    agent = await startAgent({
      bus: bus.agent('local'),
      table: createAdapterTable([bindAdapter(cronRemote, adapter)]),
      held: heldFile(join(dir, 'agent')),
      roles: ['web'],
      version: 'test',
      clock: systemClock,
      log,
    });
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-cron-remote-'));
    domain = { id: 7, name: 'example.org', home: join(dir, 'home'), owner: null };
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
    bus = createInProcessBus();
    const deps = { db: handle.db, bus: bus.panel, clock: systemClock, log, applyWaitMs: 2000 };
    nodes = createNodes(deps);
    await nodes.start();
    port = nodes.port(cronRemote, 'local');
    await startNode();
  });

  afterAll(async () => {
    await agent?.stop();
    await nodes.stop();
    await bus.panel.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("installs the domain's crontab (answering whether it changed) and removes it", async () => {
    expect(await port.install(domain, [job()])).toBe(true);
    expect(await port.install(domain, [job()])).toBe(false);
    const crontab = join(dir, 'cron', 'crontabs', '7.crontab');
    expect(await readFile(crontab, 'utf8')).toContain(hash);
    await port.remove(domain);
    await expect(readFile(crontab, 'utf8')).rejects.toThrow();
  });

  it('answers a crontab the node cannot install as the failed operation', async () => {
    const bad = { ...job(), argv: ['fail'] };
    const error = await port.install(domain, [bad]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteOperationError);
    expect(error).toMatchObject({ message: 'crontab: bad line' });
  });

  it('reads run records without taking them, and forgets only those the panel names', async () => {
    await port.install(domain, [job()]);
    await mkdir(spool(), { recursive: true });
    await record(`1000-${hash}-00000001.json`, { started_at: 1000, exit_code: 0, output: 'a' });
    await record(`2000-${hash}-00000002.json`, { started_at: 2000, exit_code: 1, output: 'b' });
    const first = await port.spooled(domain);
    expect(first.map((s) => s.record.output)).toEqual(['a', 'b']);
    // The answer was lost: the same records are still there to read.
    expect(await port.spooled(domain)).toEqual(first);
    await record(`3000-${hash}-00000003.json`, { started_at: 3000, exit_code: 0, output: 'c' });
    await port.forget(domain, [...first.map((s) => s.file), '../../crontabs/7.crontab']);
    expect((await port.spooled(domain)).map((s) => s.record.output)).toEqual(['c']);
    expect(await readdir(join(dir, 'cron', 'crontabs'))).toContain('7.crontab');
  });

  it('runs a job now by request, and refuses it while the node is down instead of later', async () => {
    await port.runNow(domain, hash, 1000);
    expect(ran).toEqual([`7 ${hash}`]);
    expect(await port.phpApps()).toBeInstanceOf(Array);
    await agent?.stop();
    agent = null;
    // The same spec with a short wait, so the test need not wait out the run's own limit.
    const runNow = { kind: 'read', timeoutMs: 200 } as const;
    const shortSpec: PortSpec<CronTable> = {
      ...cronRemote,
      methods: { ...cronRemote.methods, runNow },
    };
    const short = nodes.port(shortSpec, 'local');
    await expect(short.runNow(domain, hash, 1000)).rejects.toBeInstanceOf(NodeUnavailableError);
    await startNode();
    expect(ran).toEqual([`7 ${hash}`]);
  });
});
