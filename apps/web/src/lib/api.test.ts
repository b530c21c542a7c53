import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, auth } from '@haven/contract';
import * as routes from '@haven/contract/routes';
import { fakeFetch } from '../test/fake-fetch.ts';
import { api, ApiError, setUnauthorizedHandler } from './api.ts';
import { authStore } from './auth-store.ts';

afterEach(() => setUnauthorizedHandler(() => {}));

describe('api', () => {
  it('sends the stored token as a bearer header and fills the path', async () => {
    authStore.setToken('tok-1');
    const calls = fakeFetch({ 'GET /api/example.nl/notification': { body: { notifications: [] } } });
    const answer = await api(account.getDomainNotifications, { params: { domain: 'example.nl' } });
    expect(answer).toEqual({ notifications: [] });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('calls a zod-free route as its full endpoint', async () => {
    authStore.setToken('tok-2');
    const calls = fakeFetch({ 'GET /api/example.nl/general-notification': { body: { notifications: [] } } });
    const answer = await api(routes.account.getGeneralNotifications, { params: { domain: 'example.nl' } });
    expect(answer.notifications).toEqual([]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-2');
    // Never called: tsc checks that a route asks for its endpoint's input.
    // @ts-expect-error the domain parameter is missing
    const _untyped = () => api(routes.account.getGeneralNotifications, {});
  });

  it('sends no authorization header without a token, and the body as JSON', async () => {
    const calls = fakeFetch({ 'POST /api/auth/domain-package': { body: { package: 'HOSTING' } } });
    await api(auth.domainPackage, { body: { domain: 'example.nl' } });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ domain: 'example.nl' });
  });

  it('parses the error envelope into an ApiError with status, code and fields', async () => {
    fakeFetch({
      'POST /api/auth/login': { status: 422, body: { custom_message: 'validation', fields: { domain: 'regex' } } },
    });
    const error = await api(auth.login, {
      body: { domain: 'x', username: 'u', password: 'p', bestelcode: '' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', fields: { domain: 'regex' } });
  });

  it('reports a body without an envelope by status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('turns a network failure into the network code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('calls the unauthorized handler on a 401 of an authenticated call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    authStore.setToken('dead');
    fakeFetch({ 'GET /api/user': { status: 401, body: { custom_message: 'unauthorized' } } });
    await expect(api(account.getUser, {})).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not log out on the 401 of a failed login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fakeFetch({ 'POST /api/auth/login': { status: 401, body: { custom_message: 'unauthorized' } } });
    await expect(
      api(auth.login, { body: { domain: 'example.nl', username: 'u', password: 'p', bestelcode: '' } }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    expect(handler).not.toHaveBeenCalled();
  });
});
