import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  allEndpoints,
  ERROR_KIND_STATUS,
  errorsOfEndpoint,
  toColonPath,
  type ErrorEnvelope,
} from '@haven/contract';
import { isAppError, type AppError } from '../lib/app-error.ts';
import { NodeUnavailableError } from '../platform/node-bus/node-bus.port.ts';
import { ChangePendingError } from '../nodes/remote-port.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** `{ "name": "required" }` from the validator's issues, keyed by the top-level field path. */
function fieldsOf(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = path.map(String).join('.') || '_';
    fields[key] ??= issue.params?.issue?.message ?? issue.message ?? 'invalid';
  }
  return fields;
}

/** `GET /api/:domain/x` -> the codes that endpoint may answer (the common ones and its own). */
const DECLARED = new Map(
  allEndpoints().map((e) => [`${e.method} ${toColonPath(e.path)}`, new Set(errorsOfEndpoint(e))]),
);

/** A code the route's contract endpoint does not declare; undefined when it does or the route is not a contract one. */
export function undeclaredCode(
  method: string,
  url: string | undefined,
  code: string,
): string | undefined {
  const declared = DECLARED.get(`${method} ${url ?? ''}`);
  return declared && !declared.has(code) ? code : undefined;
}

export interface ErrorHandlingOptions {
  /**
   * Development and tests: an AppError whose code its endpoint does not declare answers 500
   * (`fields.undeclared` names the code) and logs why, so the API tests catch it. Off in
   * production, where the code goes out as thrown.
   */
  checkDeclaredCodes?: boolean;
}

/** Maps every failure to the envelope `{custom_message, fields?}`; nothing else leaves the API. */
export function installErrorHandling(
  app: FastifyInstance,
  options: ErrorHandlingOptions = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: ErrorEnvelope) => reply.status(status).send(body);
    if (isAppError(error)) {
      if (
        options.checkDeclaredCodes &&
        undeclaredCode(request.method, request.routeOptions.url, error.code)
      ) {
        request.log.error(
          { err: error, code: error.code },
          `error code '${error.code}' is not declared by ${request.method} ${request.routeOptions.url}`,
        );
        return send(500, { custom_message: 'internal', fields: { undeclared: error.code } });
      }
      const status = ERROR_KIND_STATUS[error.kind];
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      return send(
        status,
        error.fields
          ? { custom_message: error.code, fields: error.fields }
          : { custom_message: error.code },
      );
    }
    // The domain's node did not answer a read, or has not applied a change whose answer the
    // screen needs: the change stays saved and is applied when the node is back.
    if (error instanceof NodeUnavailableError || error instanceof ChangePendingError) {
      request.log.warn({ err: error }, 'node unavailable');
      return send(ERROR_KIND_STATUS.unavailable, { custom_message: 'node_unavailable' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(422, { custom_message: 'validation', fields: fieldsOf(error.validation) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return send(500, { custom_message: 'internal' });
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return send(413, { custom_message: 'payload_too_large' });
    if (status === 429) return send(429, { custom_message: 'too_many_requests' });
    if (status >= 400 && status < 500) return send(status, { custom_message: 'validation' });
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { custom_message: 'internal' });
  });
}
