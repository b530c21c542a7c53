import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CronDb, CronJobsTable, CronRunsTable } from './cron.tables.ts';

export type CronJobRow = Selectable<CronJobsTable>;
export type CronRunRow = Selectable<CronRunsTable>;

/** Cron jobs and runs in SQL. */
export function createCronStore(db: CronDb) {
  return {
    /** Domains with at least one job (the periodic intake of run records). */
    domainsWithJobs: async () =>
      (await db.selectFrom('cron_jobs').select('domain_id').distinct().execute()).map(
        (r) => r.domain_id,
      ),

    jobs: (domainId: number) =>
      db
        .selectFrom('cron_jobs')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('name')
        .execute(),

    byHash: (domainId: number, hash: string) =>
      db
        .selectFrom('cron_jobs')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('hash', '=', hash)
        .executeTakeFirst(),

    nameTaken: async (domainId: number, name: string, except?: number) =>
      (await db
        .selectFrom('cron_jobs')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .where('id', '!=', except ?? -1)
        .executeTakeFirst()) !== undefined,

    count: async (domainId: number) =>
      Number(
        (
          await db
            .selectFrom('cron_jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('domain_id', '=', domainId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insert: (row: Insertable<CronJobsTable>) =>
      db.insertInto('cron_jobs').values(row).returning('id').executeTakeFirstOrThrow(),

    update: (id: number, set: Updateable<CronJobsTable>) =>
      db.updateTable('cron_jobs').set(set).where('id', '=', id).execute(),

    remove: (id: number) => db.deleteFrom('cron_jobs').where('id', '=', id).execute(),

    restore: (row: CronJobRow) => db.insertInto('cron_jobs').values(row).execute(),

    runs: (jobId: number, limit: number) =>
      db
        .selectFrom('cron_runs')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    lastRuns: async (jobIds: number[]) => {
      if (jobIds.length === 0) return new Map<number, CronRunRow>();
      const rows = await db
        .selectFrom('cron_runs')
        .selectAll()
        .where('job_id', 'in', jobIds)
        .orderBy('started_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return new Map(rows.map((r) => [r.job_id, r]));
    },

    /** Whether this run is held already (a record read again after its forget was lost). */
    hasRun: async (run: Insertable<CronRunsTable>) =>
      (await db
        .selectFrom('cron_runs')
        .select('id')
        .where('job_id', '=', run.job_id)
        .where('started_at', '=', run.started_at)
        .where('duration_ms', '=', run.duration_ms)
        .where('exit_code', '=', run.exit_code)
        .executeTakeFirst()) !== undefined,

    /** Adds a run and keeps only the newest `keep` of its job. */
    async addRun(run: Insertable<CronRunsTable>, keep: number) {
      await db.insertInto('cron_runs').values(run).execute();
      const old = await db
        .selectFrom('cron_runs')
        .select('id')
        .where('job_id', '=', run.job_id)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (old.length > 0)
        await db
          .deleteFrom('cron_runs')
          .where(
            'id',
            'in',
            old.map((r) => r.id),
          )
          .execute();
    },
  };
}
export type CronStore = ReturnType<typeof createCronStore>;
