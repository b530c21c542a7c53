import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { NodeUnavailableError } from '../node-bus/node-bus.port.ts';
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
  let node: PanelWithNodes & { port: CronTable };
  let dir: string;
  let port: CronTable;
  let domain: CronDomain;
  const ran: string[] = [];
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
  const adapter = (root: string): CronTable => {
    const files = createCronFiles({ root: join(root, 'cron'), mode: 'local' });
    return {
      ...files,
      runNow: async (d, h) => void ran.push(`${d.id} ${h}`),
      install: async (d, jobs) => {
        if (jobs.some((j) => j.argv.includes('fail'))) throw new Error('crontab: bad line');
        return files.install(d, jobs);
      },
    };
  };

  beforeAll(async () => {
    node = await startPortOnNode(cronRemote, adapter);
    ({ dir, port } = node);
    domain = { id: 7, name: 'example.org', home: join(dir, 'home'), owner: null };
  });

  afterAll(() => node.close());

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
    await node.stopAgent();
    // The same spec with a short wait, so the test need not wait out the run's own limit.
    const runNow = { kind: 'read', timeoutMs: 200 } as const;
    const shortSpec: PortSpec<CronTable> = {
      ...cronRemote,
      methods: { ...cronRemote.methods, runNow },
    };
    const short = node.nodes.port(shortSpec, 'local');
    await expect(short.runNow(domain, hash, 1000)).rejects.toBeInstanceOf(NodeUnavailableError);
    await node.startAgent();
    expect(ran).toEqual([`7 ${hash}`]);
  });
});
