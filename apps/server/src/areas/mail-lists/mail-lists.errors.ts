import type { ErrorsOf, mailLists } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the mail lists area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, unavailable } =
  areaErrors<ErrorsOf<typeof mailLists>>();
