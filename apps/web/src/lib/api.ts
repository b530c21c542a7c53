import type { z } from 'zod';
import { errorEnvelope, fillPath, type Endpoint } from '@haven/contract/shared';
import { authStore } from './auth-store.ts';

/**
 * A failed call: HTTP status (0 when the network failed), the server's code and field codes, and
 * the contract area (endpoint tag) that answered, whose catalogue has the code's text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly area: string | undefined;

  constructor(status: number, code: string, fields: Record<string, string> = {}, area?: string) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.area = area;
  }
}

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : undefined
  : undefined;

type InputOfEndpoint<E> = (Part<E, 'params'> extends undefined
  ? { params?: undefined }
  : { params: Part<E, 'params'> }) &
  (Part<E, 'query'> extends undefined ? { query?: undefined } : { query: Part<E, 'query'> }) &
  (Part<E, 'body'> extends undefined ? { body?: undefined } : { body: Part<E, 'body'> });

type ResponseOfEndpoint<E> = E extends { responseKind: 'file' }
  ? Blob
  : E extends { response: infer R }
    ? R extends z.ZodType
      ? z.output<R>
      : never
    : never;

/**
 * What a caller passes: exactly the parts the endpoint declares, in their input form (before
 * defaults). The contract's own `InputOf` asks for `params` on endpoints that have none.
 */
export type ApiInput<E> = InputOfEndpoint<E>;

/** The parsed answer of an endpoint (a Blob for file endpoints). */
export type ApiResponse<E> = ResponseOfEndpoint<E>;

let onUnauthorized: () => void = () => {};

/** The session registers what a 401 does (log out, go to '/'). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Internal: this call is already the retry with a newer token. */
  retried?: boolean;
}

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function buildUrl(endpoint: Endpoint, input: LooseInput): string {
  const path = fillPath(endpoint.path, input.params);
  if (!input.query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readError(response: Response, area: string): Promise<ApiError> {
  try {
    const envelope = errorEnvelope.safeParse(await response.json());
    if (envelope.success)
      return new ApiError(
        response.status,
        envelope.data.custom_message,
        envelope.data.fields,
        area,
      );
  } catch {
    // A proxy or crash page without JSON: fall through to a generic code.
  }
  return new ApiError(response.status, response.status >= 500 ? 'internal' : 'unknown', {}, area);
}

/** Calls one contract endpoint with the stored bearer token. */
export function api<E extends Endpoint>(
  endpoint: E,
  input: ApiInput<E>,
  options: CallOptions = {},
): Promise<ApiResponse<E>> {
  return call(endpoint, input, options) as Promise<ApiResponse<E>>;
}

async function call(endpoint: Endpoint, input: LooseInput, options: CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = authStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = input.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, input), {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }

  if (!response.ok) {
    const error = await readError(response, endpoint.tag);
    // Public calls (login, password reset) answer 401 for bad credentials, not for a dead session.
    if (response.status === 401 && endpoint.access !== 'public') {
      // Sent with a token a refresh replaced meanwhile: once more with the newer one.
      if (token && !options.retried && authStore.adoptNewer(token))
        return call(endpoint, input, { ...options, retried: true });
      onUnauthorized();
    }
    throw error;
  }
  if (endpoint.responseKind === 'file') return response.blob();
  if (response.status === 204) return undefined;
  return response.json();
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
