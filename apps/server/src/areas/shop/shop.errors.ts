import type { ErrorsOf, shop } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';

/** How the shop area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, unauthorized, forbidden, unavailable } =
  areaErrors<ErrorsOf<typeof shop>>();

/** The payment webhook answers Mollie, outside the contract: its one code of its own. */
export const webhookErrors = areaErrors<'unknown_payment'>();
