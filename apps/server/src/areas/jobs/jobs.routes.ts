import { jobs } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { JobsService } from './jobs.service.ts';

export function jobsRoutes(bind: Bind, svc: JobsService): void {
  bind(jobs.getJob, async ({ domain, params }) => svc.get(domain, params.id));
}
