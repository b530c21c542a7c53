import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_KIND_STATUS, type ErrorEnvelope } from '@haven/contract';
import { AppError } from '../lib/app-error.ts';

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

/** Maps every failure to the envelope `{custom_message, fields?}`; nothing else leaves the API. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: ErrorEnvelope) => reply.status(status).send(body);
    if (error instanceof AppError) {
      const status = ERROR_KIND_STATUS[error.kind];
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      return send(status, error.fields ? { custom_message: error.code, fields: error.fields } : { custom_message: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(422, { custom_message: 'validation', fields: fieldsOf(error.validation) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(500, { custom_message: 'internal' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return send(413, { custom_message: 'payload_too_large' });
    if (status === 429) return send(429, { custom_message: 'too_many_requests' });
    if (status >= 400 && status < 500) return send(status, { custom_message: 'validation' });
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { custom_message: 'internal' });
  });
}
