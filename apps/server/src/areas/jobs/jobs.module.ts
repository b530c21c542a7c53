import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createJobsService } from './jobs.service.ts';
import { jobsRoutes } from './jobs.routes.ts';

export function jobsModule(core: CoreContext): AreaModule {
  const svc = createJobsService(core.jobsStore);
  return { name: 'jobs', routes: (bind) => jobsRoutes(bind, svc) };
}
