import { afterEach, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import { fail, fakeApi } from '../test/fake-fetch.ts';
import { api, ApiError, setUnauthorizedHandler } from './api.ts';
import { authStore } from './auth-store.ts';

afterEach(() => setUnauthorizedHandler(() => {}));

describe('api', () => {
  it('sends the stored token as a bearer header and fills the path', async () => {
    authStore.setToken('tok-1');
    const { calls } = fakeApi().on(account.getDomainNotifications, { notifications: [] });
    const answer = await api(account.getDomainNotifications, { params: { domain: 'example.nl' } });
    expect(answer).toEqual({ notifications: [] });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('asks for exactly the input the endpoint declares', async () => {
    const { calls } = fakeApi().on(account.getGeneralNotifications, { notifications: [] });
    const answer = await api(account.getGeneralNotifications, { params: { domain: 'example.nl' } });
    expect(answer.notifications).toEqual([]);
    expect(calls[0]?.path).toBe('/api/example.nl/general-notification');
    // Never called: tsc checks that a call asks for its endpoint's input.
    // @ts-expect-error the domain parameter is missing
    const _untyped = () => api(account.getGeneralNotifications, {});
  });

  it('sends no authorization header without a token, and the body as JSON', async () => {
    const { calls } = fakeApi().on(auth.domainPackage, { package: 'HOSTING' });
    await api(auth.domainPackage, { body: { domain: 'example.nl' } });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ domain: 'example.nl' });
  });

  it('parses the error envelope into an ApiError with status, code and fields', async () => {
    fakeApi().on(auth.login, fail(422, 'validation', { domain: 'regex' }));
    const error = await api(auth.login, {
      body: { domain: 'x', username: 'u', password: 'p', bestelcode: '' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', fields: { domain: 'regex' } });
  });

  it('reports a body without an envelope by status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('turns a network failure into the network code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('calls the unauthorized handler on a 401 of an authenticated call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    authStore.setToken('dead');
    fakeApi().on(account.getUser, fail(401, 'unauthorized'));
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not log out on the 401 of a failed login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fakeApi().on(auth.login, fail(401, 'unauthorized'));
    await expect(
      api(auth.login, {
        body: { domain: 'example.nl', username: 'u', password: 'p', bestelcode: '' },
      }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('retries once with the newer token a refresh stored meanwhile, without logging out', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    authStore.setToken('old');
    // Another tab refreshed: storage has the new token, this tab's memory the old one.
    localStorage.setItem('user-token', 'new');
    let n = 0;
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers).get('Authorization'));
        n += 1;
        return n === 1
          ? new Response(JSON.stringify({ custom_message: 'unauthorized' }), { status: 401 })
          : new Response(JSON.stringify({ domains: [] }), { status: 200 });
      }),
    );
    await expect(api(account.getDomains, {})).resolves.toEqual({ domains: [] });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(authStore.getState().token).toBe('new');
    expect(handler).not.toHaveBeenCalled();
  });
});
