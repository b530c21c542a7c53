import type { Job } from '@haven/contract';
import { notFound } from './jobs.errors.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { JobsStore } from './jobs.store.ts';

export function createJobsService(store: JobsStore) {
  return {
    /** A job of this domain; another domain's job answers 404 like a missing one. */
    async get(domain: DomainRef, id: string): Promise<Job> {
      const row = await store.byId(id);
      if (!row || row.domain_id !== domain.id) throw notFound();
      return {
        id: row.id,
        kind: row.kind,
        state: row.state,
        progress: row.progress,
        error: row.error,
        result: row.result === null ? null : (JSON.parse(row.result) as unknown),
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      };
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
