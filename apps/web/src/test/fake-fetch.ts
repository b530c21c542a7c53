import { vi } from 'vitest';
import type { Endpoint, ErrorEnvelope } from '@haven/contract/shared';
import type { ApiInput, ApiResponse } from '../lib/api.ts';

/** A call the page made, as fetch saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A call to endpoint E: its path parameters and query as strings, its body as the web sent it. */
export interface FakeCall<E> extends FakeRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: ApiInput<E>['body'];
}

/** An error answer: the error envelope with its HTTP status. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
  ) {}
}

/** Answers `{custom_message: code, fields?}` with `status`. */
export function fail(status: number, code: string, fields?: Record<string, string>): FakeFailure {
  return new FakeFailure(
    status,
    fields ? { custom_message: code, fields } : { custom_message: code },
  );
}

/** What a test answers for endpoint E: its response (a Blob for files) or a failure. */
export type FakeReply<E> = ApiResponse<E> | FakeFailure;
export type FakeHandler<E> =
  FakeReply<E> | ((call: FakeCall<E>) => FakeReply<E> | Promise<FakeReply<E>>);

interface Registered {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  respond: (call: FakeCall<Endpoint>) => unknown;
}

export interface FakeApi {
  /** Answers every call of `endpoint` (a later `on` for the same endpoint replaces the earlier). */
  on<E extends Endpoint>(endpoint: E, handler: FakeHandler<E>): FakeApi;
  /** Every request made, in order. */
  readonly calls: FakeRequest[];
}

function compile(endpoint: Endpoint): Pick<Registered, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = endpoint.path
    .split(/\{(\w+)\??\}/)
    .map((part, i, parts) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      // A parameter glued to a literal (`/download{path}`) is a whole path; one after '/' a segment.
      return parts[i - 1]?.endsWith('/') ? '([^/]+)' : '(.*)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

// The most literal path wins: `/dns/available` before `/dns/{id}`.
const literalLength = (r: Registered) => r.endpoint.path.replace(/\{\w+\??\}/g, '').length;

function toResponse(reply: unknown): Response {
  if (reply instanceof FakeFailure) {
    return new Response(JSON.stringify(reply.envelope), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  if (reply instanceof Blob) return new Response(reply, { status: 200 });
  return new Response(reply === undefined ? null : JSON.stringify(reply), {
    status: reply === undefined ? 204 : 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with answers registered per contract endpoint. A call no registered endpoint
 * matches answers 404 `not_found`, so a test notices a call it did not expect.
 */
export function fakeApi(): FakeApi {
  const registered: Registered[] = [];
  const calls: FakeRequest[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const target = new URL(url instanceof Request ? url.url : url.toString(), 'http://haven.test');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = `${target.pathname}${target.search}`;
    const request: FakeRequest = { method, path, body, headers };
    calls.push(request);
    const found = registered
      .filter((r) => r.endpoint.method === method)
      .map((r) => ({ r, match: r.pattern.exec(target.pathname) }))
      .filter((m) => m.match)
      .sort((a, b) => literalLength(b.r) - literalLength(a.r))[0];
    if (!found?.match) return toResponse(fail(404, 'not_found'));
    const params = Object.fromEntries(
      found.r.names.map((name, i) => [name, decodeURIComponent(found.match![i + 1]!)]),
    );
    const call = {
      ...request,
      params,
      query: Object.fromEntries(target.searchParams),
    } as FakeCall<Endpoint>;
    return toResponse(await found.r.respond(call));
  });
  vi.stubGlobal('fetch', fetchStub);

  const api: FakeApi = {
    calls,
    on(endpoint, handler) {
      const index = registered.findIndex((r) => r.endpoint === endpoint);
      const respond =
        typeof handler === 'function'
          ? (handler as (call: FakeCall<Endpoint>) => unknown)
          : () => handler;
      const entry = { endpoint, ...compile(endpoint), respond };
      if (index >= 0) registered[index] = entry;
      else registered.push(entry);
      return api;
    },
  };
  return api;
}
