import type { ErrorsOf, helpdesk } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the helpdesk area fails: only with codes its endpoints declare (packages/contract). */
export const { notFound, invalid, fail, unauthorized, forbidden } =
  areaErrors<ErrorsOf<typeof helpdesk>>();
