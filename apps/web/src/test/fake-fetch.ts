import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Handler = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

/**
 * Replaces fetch with canned answers keyed 'METHOD /path'. Unknown calls answer 404 so a test
 * notices a call it did not expect. Returns the recorded requests.
 */
export function fakeFetch(handlers: Record<string, Handler>): FakeRequest[] {
  const calls: FakeRequest[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const path = url instanceof Request ? url.url : url.toString();
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path, body, headers };
    calls.push(request);
    const handler = handlers[`${method} ${path.split('?')[0]}`];
    const answer: FakeAnswer = handler
      ? typeof handler === 'function'
        ? await handler(request)
        : handler
      : { status: 404, body: { custom_message: 'not_found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
