import { actingFor } from '../lib/acting-domain.ts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, toColonPath, type Endpoint } from '@haven/contract';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import type { FileResult, UploadPart, UploadLimits } from '../model/files.ts';
import type { DomainRef, Guard, Principal } from '../model/principal.ts';
import type { Bind, Handler, HandlerContext, UploadHandler } from '../model/routes.ts';
import { DEFAULT_RATE_LIMITS, rateLimitOf, type RateLimits } from './rate-limits.ts';
import { clientAddress } from './client-address.ts';
import { createFairUse, DEFAULT_FAIR_USE, type FairUseOptions } from './fair-use.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    domainRef?: DomainRef;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : undefined;
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Fastify pipes the stream; when it fails halfway Fastify destroys the connection, so the client
 * sees a broken transfer rather than a complete-looking file, and a client that goes away
 * destroys the stream.
 */
function sendFile(reply: FastifyReply, file: FileResult): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}

/**
 * The access check of every bound route, before the body is parsed: a live session for `user`
 * and `domain` endpoints, the identity type, the `{domain}` parameter resolved to a domain
 * of the caller's customer (404 otherwise), then the endpoint's packages and the plan's state.
 */
function accessCheck(endpoint: Endpoint, guard: Guard) {
  return async (request: FastifyRequest): Promise<void> => {
    if (endpoint.access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const principal = await guard.authenticate(token);
    request.principal = principal;
    if (endpoint.userTypes && !endpoint.userTypes.includes(principal.type)) throw forbidden();
    if (endpoint.access === 'domain') {
      const raw = (request.params as Record<string, string | undefined>).domain ?? '';
      const ref = await guard.resolveDomain(principal, raw.toLowerCase());
      request.domainRef = ref;
      if (endpoint.packages && !endpoint.packages.includes(ref.package)) {
        throw new AppError('not_for_package', 'forbidden');
      }
      // Mail-service-off (DomainRef.mailActive) gets the same rule when mail's endpoints exist.
      if (endpoint.activePlan && endpoint.method !== 'GET' && !ref.active) {
        throw new AppError('plan_inactive', 'forbidden');
      }
    }
  };
}

/** Runs a domain endpoint's handler as acting for its domain (lib/acting-domain.ts). */
const forDomain = <T>(request: FastifyRequest, work: () => T): T =>
  request.domainRef ? actingFor(request.domainRef.id, work) : work();

/**
 * Aborted when the client goes away. The response's close, not the request's: a request
 * 'closes' once its body is read, which for a streamed upload is mid-handler. A response closed
 * before it finished means the client went away.
 */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const raw = reply.raw;
  if (raw.destroyed && !raw.writableFinished) controller.abort();
  else raw.once('close', () => raw.writableFinished || controller.abort());
  return controller.signal;
}

/**
 * A handler's view of its request; the parts most handlers never read are made on use.
 * A class: a plain object literal (its lazy parts as getters) cost ~20 % more CPU a request.
 */
class RequestContext {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly principal: Principal | undefined;
  readonly domain: DomainRef | undefined;
  readonly log: FastifyBaseLogger;
  #signal: AbortSignal | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    this.params = request.params;
    this.query = request.query;
    this.body = request.body;
    this.principal = request.principal;
    this.domain = request.domainRef;
    this.log = request.log;
  }

  get ip(): string {
    return clientAddress(this.request);
  }

  get userAgent(): string {
    return String(this.request.headers['user-agent'] ?? '').slice(0, 300);
  }

  get token(): string | undefined {
    return bearerToken(this.request);
  }

  get signal(): AbortSignal {
    return (this.#signal ??= clientGone(this.reply));
  }
}

const contextOf = <E>(request: FastifyRequest, reply: FastifyReply): HandlerContext<E> =>
  new RequestContext(request, reply) as unknown as HandlerContext<E>;

/**
 * Binds one contract endpoint to a handler: access checks first (before the body is even
 * parsed), then schema validation, then the handler, then response serialization.
 */
export function createBinder(
  app: FastifyInstance,
  guard: Guard,
  rateLimits: RateLimits = DEFAULT_RATE_LIMITS,
  fairUseOptions: FairUseOptions = DEFAULT_FAIR_USE,
): Bind {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const fairUse = createFairUse(fairUseOptions);
  function bind<E extends Endpoint>(endpoint: E, handler: Handler<E>): void {
    const isFile = endpoint.responseKind === 'file';
    const limited = rateLimitOf(endpoint, rateLimits);
    typed.route({
      ...(limited ? { config: limited } : {}),
      method: endpoint.method,
      url: toColonPath(endpoint.path),
      bodyLimit: endpoint.bodyLimit,
      schema: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
        response: isFile
          ? { '4xx': errorEnvelope }
          : { 200: endpoint.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      onRequest: accessCheck(endpoint, guard),
      handler: async (request, reply) => {
        const result = await fairUse(endpoint, request, reply, () =>
          forDomain(request, () => handler(contextOf<E>(request, reply))),
        );
        if (isFile) return sendFile(reply, result as FileResult);
        return result;
      },
    });
  }

  /**
   * A multipart upload endpoint (a JSON body schema cannot express it). Same access check and
   * context as `bind`; @fastify/multipart is registered only in this route's own scope, with
   * limits, and parts are handed over as streams in the order they arrive.
   */
  function upload<E extends Endpoint>(
    endpoint: E,
    limits: UploadLimits,
    handler: UploadHandler<E>,
  ): void {
    void app.register(async (scope) => {
      await scope.register(multipart, {
        limits: {
          fileSize: limits.maxFileBytes,
          files: limits.maxFiles,
          fields: 10,
          parts: limits.maxFiles + 10,
          fieldSize: 4096,
          headerPairs: 100,
        },
      });
      scope.withTypeProvider<ZodTypeProvider>().route({
        method: endpoint.method,
        url: toColonPath(endpoint.path),
        schema: {
          tags: [endpoint.tag],
          summary: endpoint.summary,
          consumes: ['multipart/form-data'],
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          security: [{ bearer: [] }],
          response: { 200: endpoint.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
        },
        onRequest: accessCheck(endpoint, guard),
        handler: async (request, reply) => {
          if (!request.isMultipart()) throw new AppError('no_file_selected', 'invalid');
          async function* parts(): AsyncIterable<UploadPart> {
            for await (const part of request.files()) {
              yield {
                fieldname: part.fieldname,
                filename: part.filename,
                mimetype: part.mimetype,
                stream: part.file,
              };
            }
          }
          return forDomain(request, () => handler(contextOf<E>(request, reply), parts()));
        },
      });
    });
  }

  return Object.assign(bind, { upload });
}

export { AppError };
