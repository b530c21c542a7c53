import type { ErrorsOf, filemanager } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the file manager area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, unauthorized, forbidden, unavailable } =
  areaErrors<ErrorsOf<typeof filemanager>>();
