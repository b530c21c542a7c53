import type { ErrorsOf, logs } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the logs area fails: only with codes its endpoints declare (packages/contract). */
export const { fail } = areaErrors<ErrorsOf<typeof logs>>();
