import type { ErrorsOf, mail } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the mail area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, forbidden, unavailable } =
  areaErrors<ErrorsOf<typeof mail>>();
