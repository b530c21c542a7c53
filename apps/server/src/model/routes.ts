import type { FastifyBaseLogger } from 'fastify';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@haven/contract';
import type { FileResult, UploadLimits, UploadPart } from './files.ts';
import type { DomainRef, Principal } from './principal.ts';

/** What a handler gets: the validated input, who calls, and the request's surroundings. */
export interface HandlerContext<E> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** Set for `user` and `domain` endpoints. */
  principal: E extends { access: 'public' } ? Principal | undefined : Principal;
  /** Set for `domain` endpoints. */
  domain: E extends { access: 'domain' } ? DomainRef : DomainRef | undefined;
  ip: string;
  userAgent: string;
  token: string | undefined;
  log: FastifyBaseLogger;
  /** Aborted when the client goes away (long streams and uploads). */
  signal: AbortSignal;
}

export type Handler<E> = (
  ctx: HandlerContext<E>,
) => Promise<E extends { responseKind: 'file' } ? FileResult : ResponseOf<E>>;

export type UploadHandler<E> = (
  ctx: HandlerContext<E>,
  parts: AsyncIterable<UploadPart>,
) => Promise<ResponseOf<E>>;

/**
 * How an area's routes file binds contract endpoints to handlers; http/bind.ts implements it.
 * Areas see only this type, never the HTTP layer.
 */
export interface Bind {
  <E extends Endpoint>(endpoint: E, handler: Handler<E>): void;
  /** A multipart upload endpoint; parts are handed over as streams in the order they arrive. */
  upload<E extends Endpoint>(endpoint: E, limits: UploadLimits, handler: UploadHandler<E>): void;
}
