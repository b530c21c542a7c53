import type { ErrorsOf, cron } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the cron area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, unavailable } =
  areaErrors<ErrorsOf<typeof cron>>();
