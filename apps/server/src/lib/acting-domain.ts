import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The domain a request or job acts for, so a change queued for a node deep in an area's code
 * can be shown on that domain's screens (nodes/outbox.ts). Attribution only: nothing is routed
 * or allowed by it, and work outside a domain's request or job is simply not attributed.
 */
const acting = new AsyncLocalStorage<number>();

export const actingFor = <T>(domainId: number, work: () => T): T => acting.run(domainId, work);

export const actingDomain = (): number | null => acting.getStore() ?? null;
