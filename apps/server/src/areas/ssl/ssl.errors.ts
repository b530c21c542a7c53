import type { ErrorsOf, ssl } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the SSL area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, invalid, conflict, forbidden, unavailable } =
  areaErrors<ErrorsOf<typeof ssl>>();
