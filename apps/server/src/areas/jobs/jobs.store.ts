import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;
export interface JobOwner {
  owner: number | null;
  running: number;
  oldest: number | null;
}

export function createJobsStore(db: Db) {
  return {
    insert: (row: JobRow) => db.insertInto('jobs').values(row).execute(),
    byId: (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
    failedOf: async (domainIds: readonly number[], limit: number) =>
      domainIds.length === 0
        ? []
        : db
            .selectFrom('jobs')
            .select(['domain_id', 'id', 'kind'])
            .where('domain_id', 'in', domainIds)
            .where('state', '=', 'failed')
            .orderBy('created_at', 'desc')
            .limit(limit)
            .execute(),
    /**
     * Per customer with jobs queued or running (`owner` null: jobs of no domain): how many run
     * (in any process) and when its oldest queued job came; the runner picks among them.
     */
    owners: async (): Promise<JobOwner[]> => {
      const rows = await db
        .selectFrom('jobs')
        .leftJoin('domains', 'domains.id', 'jobs.domain_id')
        .select((eb) => [
          'domains.customer_id as owner',
          eb.fn
            .sum<number | string>(
              eb.case().when('jobs.state', '=', 'running').then(1).else(0).end(),
            )
            .as('running'),
          eb.fn
            .min<number | string | null>(
              eb.case().when('jobs.state', '=', 'queued').then(eb.ref('jobs.created_at')).end(),
            )
            .as('oldest'),
        ])
        .where('jobs.state', 'in', ['queued', 'running'])
        .groupBy('domains.customer_id')
        .execute();
      return rows.map((r) => ({
        owner: r.owner ?? null,
        running: Number(r.running),
        oldest: r.oldest === null ? null : Number(r.oldest),
      }));
    },
    /** The oldest queued job of one customer (null: of no domain). */
    nextQueuedOf: (owner: number | null) =>
      db
        .selectFrom('jobs')
        .leftJoin('domains', 'domains.id', 'jobs.domain_id')
        .selectAll('jobs')
        .where('jobs.state', '=', 'queued')
        .where('domains.customer_id', owner === null ? 'is' : '=', owner)
        .orderBy('jobs.created_at')
        .limit(1)
        .executeTakeFirst(),
    /** Jobs queued or running for the customer who owns the domain. */
    activeOfOwner: async (domainId: number) => {
      const r = await db
        .selectFrom('jobs')
        .innerJoin('domains', 'domains.id', 'jobs.domain_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('jobs.state', 'in', ['queued', 'running'])
        .where('domains.customer_id', '=', (eb) =>
          eb.selectFrom('domains').select('customer_id').where('id', '=', domainId),
        )
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Moves a queued job to running; false when another worker took it first. */
    claim: async (id: string, worker: string, at: number) => {
      const r = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          worker,
          updated_at: at,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    progress: (id: string, progress: number, at: number) =>
      db
        .updateTable('jobs')
        .set({ progress, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute(),
    finish: (
      id: string,
      state: 'done' | 'failed',
      fields: { result?: string | null; error?: string | null },
      at: number,
    ) =>
      db
        .updateTable('jobs')
        .set({
          state,
          result: fields.result ?? null,
          error: fields.error ?? null,
          updated_at: at,
          ...(state === 'done' ? { progress: 100 } : {}),
        })
        .where('id', '=', id)
        .execute(),
    requeue: (id: string, at: number) =>
      db
        .updateTable('jobs')
        .set({ state: 'queued', worker: null, updated_at: at })
        .where('id', '=', id)
        .execute(),
    /** Jobs left running by a process that is gone (after a restart). */
    orphans: (worker: string) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'running')
        .where('worker', '!=', worker)
        .execute(),
  };
}
export type JobsStore = ReturnType<typeof createJobsStore>;
