import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createJobsService } from './jobs.service.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { createJobsStore } from './jobs.store.ts';
import { createSqlJobRunner } from './job-runner.sql.ts';
import { jobsExports, type JobsExports } from './jobs.exports.ts';

/**
 * Background jobs and their state. Its runner runs every area's jobs, so the registry builds it
 * first and hands its `exports` on.
 */
export function jobsModule(core: CoreContext): AreaModule & { exports: JobsExports } {
  const store = createJobsStore(core.db);
  const runner = createSqlJobRunner(store, core.clock, core.logger.child({ component: 'jobs' }));
  const svc = createJobsService(store);
  return {
    name: 'jobs',
    routes: (bind) => jobsRoutes(bind, svc),
    exports: jobsExports(runner, store),
  };
}
