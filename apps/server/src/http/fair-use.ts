import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, type Endpoint } from '@haven/contract';
import { AppError } from '../lib/app-error.ts';
import type { FileResult } from '../model/files.ts';

export interface FairUseOptions {
  /** Expensive calls under way at once per customer. */
  perCustomer: number;
  /** The customer owning a domain, for public calls (download tickets) that carry no session. */
  ownerOf?: (domain: string) => Promise<number | undefined>;
}

export const DEFAULT_FAIR_USE: FairUseOptions = {
  perCustomer: LIMITS.fairUse.expensivePerCustomer,
};

/**
 * Counts the `expensive` calls under way per customer (in this process) and refuses one past
 * the limit with 429 `too_many_running` before its handler runs, so it changes nothing.
 */
export function createFairUse(options: FairUseOptions) {
  const running = new Map<number, number>();

  async function ownerOf(request: FastifyRequest): Promise<number | undefined> {
    const known = request.domainRef?.customerId ?? request.principal?.customerId;
    if (known !== undefined) return known;
    const domain = (request.params as Record<string, string | undefined>).domain;
    return domain ? options.ownerOf?.(domain.toLowerCase()) : undefined;
  }

  /** A slot for this request's customer, or a 429; the returned release is safe to call twice. */
  async function acquire(request: FastifyRequest): Promise<() => void> {
    const owner = await ownerOf(request);
    // No owner: an unknown domain's ticket, which the handler answers 404 without work.
    if (owner === undefined) return () => {};
    const count = running.get(owner) ?? 0;
    if (count >= options.perCustomer) {
      throw new AppError('too_many_running', 'too_many', undefined, {
        retryAfterSeconds: LIMITS.fairUse.retryAfterSeconds,
      });
    }
    running.set(owner, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(owner) ?? 1) - 1;
      if (left > 0) running.set(owner, left);
      else running.delete(owner);
    };
  }

  /**
   * Runs an expensive handler inside a slot. A file answer holds its slot until its stream is
   * done or the client went away: the work is the streaming, not the handler.
   */
  return async function guarded<R>(
    endpoint: Endpoint,
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<R>,
  ): Promise<R> {
    if (!endpoint.expensive) return run();
    const release = await acquire(request);
    let result: R;
    try {
      result = await run();
    } catch (error) {
      release();
      throw error;
    }
    if (endpoint.responseKind !== 'file') {
      release();
      return result;
    }
    const { stream } = result as FileResult;
    if (!Buffer.isBuffer(stream)) stream.once('close', release);
    reply.raw.once('close', release);
    return result;
  };
}
export type FairUse = ReturnType<typeof createFairUse>;
