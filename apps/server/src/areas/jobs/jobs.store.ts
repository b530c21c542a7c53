import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

export function createJobsStore(db: Db) {
  return {
    insert: (row: JobRow) => db.insertInto('jobs').values(row).execute(),
    byId: (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
    nextQueued: () =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'queued')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst(),
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
