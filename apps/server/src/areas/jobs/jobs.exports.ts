import type { JobRecords, JobRunner } from '../../model/jobs.ts';

/** What the jobs area offers the rest of the panel, on purpose; areas/registry.ts passes it on. */
export interface JobsExports {
  /**
   * The one runner: areas register their kinds and enqueue (the file manager's zips, the web
   * apps' installs); the composition root starts it after the areas and stops it first.
   */
  runner: JobRunner;
  /** A job's record (its state), and the failed jobs a helpdesk ticket can be about. */
  records: JobRecords;
}

export function jobsExports(runner: JobRunner, records: JobRecords): JobsExports {
  return { runner, records };
}
