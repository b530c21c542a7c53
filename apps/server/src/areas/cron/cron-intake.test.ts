import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Insertable } from 'kysely';
import type { DomainRef } from '../../model/principal.ts';
import type { CronTable, SpooledRun } from '../../platform/cron/cron.port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import type { CronRunsTable } from './cron.tables.ts';
import type { CronStore } from './cron.store.ts';
import { createCronIntake } from './cron-intake.ts';

const hash = 'cd'.repeat(8);
const domain = (id: number, node: string): DomainRef =>
  ({ id, name: `d${id}.test`, node, premium: true }) as DomainRef;

/** The store's run side in memory: jobs by domain (one job, id = domain id), runs kept. */
function fakeStore(domains: DomainRef[]) {
  const runs: Insertable<CronRunsTable>[] = [];
  const same = (a: Insertable<CronRunsTable>, b: Insertable<CronRunsTable>) =>
    a.job_id === b.job_id && a.started_at === b.started_at && a.duration_ms === b.duration_ms;
  const store = {
    domainsWithJobs: async () => domains.map((d) => d.id),
    jobs: async (domainId: number) => [{ id: domainId, hash }],
    hasRun: async (run: Insertable<CronRunsTable>) => runs.some((r) => same(r, run)),
    addRun: async (run: Insertable<CronRunsTable>) => void runs.push(run),
  };
  // Only the calls the intake makes.
  return { store: store as unknown as CronStore, runs };
}

/** A node's spools: a forget can be lost (the records stay), a node can be down. */
function fakeNode(spool: SpooledRun[], opts: { loseForget?: boolean; down?: boolean } = {}) {
  const asked: number[] = [];
  const table: Partial<CronTable> = {
    async spooled(d) {
      asked.push(d.id);
      if (opts.down) throw new NodeUnavailableError('b');
      return [...spool];
    },
    async forget(_d, files) {
      if (opts.loseForget) return;
      for (const f of files)
        spool.splice(
          spool.findIndex((s) => s.file === f),
          1,
        );
    },
  };
  return { table: table as CronTable, asked };
}

const record = (started: number): SpooledRun => ({
  file: `${started}-${hash}-00000001.json`,
  record: {
    hash,
    started_at: started,
    duration_ms: 5,
    exit_code: 0,
    trigger: 'schedule',
    output: '',
  },
});

describe('cron intake: run records from each domain node', () => {
  const logger = pino({ level: 'silent' });

  it('stores a record read twice (its forget lost) once, and forgets what it stored', async () => {
    const d = domain(1, 'local');
    const { store, runs } = fakeStore([d]);
    const lossy = fakeNode([record(1000)], { loseForget: true });
    const intake = createCronIntake({ store, table: () => lossy.table, homeOf: (n) => n, logger });
    await intake.ingest(d);
    await intake.ingest(d);
    expect(runs.map((r) => r.started_at)).toEqual([1000]);

    const spool = [record(2000)];
    const node = fakeNode(spool);
    const next = createCronIntake({ store, table: () => node.table, homeOf: (n) => n, logger });
    await next.ingest(d);
    expect(spool).toEqual([]);
    expect(runs.map((r) => r.started_at)).toEqual([1000, 2000]);
  });

  it("reads every node's domains there; a node that does not answer is left until next time", async () => {
    const domains = [domain(1, 'a'), domain(2, 'b'), domain(3, 'b'), domain(4, 'a')];
    const { store, runs } = fakeStore(domains);
    const a = fakeNode([record(1000)]);
    const b = fakeNode([], { down: true });
    const nodes = { a: a.table, b: b.table } as Record<string, CronTable>;
    const intake = createCronIntake({
      store,
      table: (node) => nodes[node] as CronTable,
      homeOf: (n) => n,
      logger,
    });
    await intake.all(async (id) => domains.find((d) => d.id === id));
    expect(a.asked).toEqual([1, 4]);
    expect(b.asked).toEqual([2]);
    expect(runs.map((r) => r.job_id)).toEqual([1]);
  });
});
