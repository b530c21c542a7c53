import type { ErrorsOf, statistics } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the statistics area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, invalid } = areaErrors<ErrorsOf<typeof statistics>>();
