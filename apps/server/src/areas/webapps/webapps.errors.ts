import type { ErrorsOf, webapps } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the web apps area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict } = areaErrors<ErrorsOf<typeof webapps>>();
