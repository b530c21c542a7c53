import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '../test/wait.ts';
import { authStore } from '../lib/auth-store.ts';
import * as auth from '@haven/contract/auth';
import { fail, fakeApi } from '../test/fake-fetch.ts';
import { REFRESH_INTERVAL_MS, startSession } from './session.ts';

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.useRealTimers();
});

function start() {
  const navigate = vi.fn();
  stop = startSession({ queryClient: new QueryClient(), navigate });
  return navigate;
}

describe('session', () => {
  it('refreshes a stored token at start and marks the session live', async () => {
    localStorage.setItem('user-token', 'stored');
    authStore.reload();
    expect(authStore.getState().status).toBe('loading');
    const { calls } = fakeApi().on(auth.refreshToken, { token: 'fresh' });
    start();
    await vi.waitFor(
      () => expect(authStore.getState()).toMatchObject({ token: 'fresh', status: 'success' }),
      WAIT,
    );
    expect(calls[0]?.headers.Authorization).toBe('Bearer stored');
  });

  it('logs out and goes to the root when the stored token is dead', async () => {
    localStorage.setItem('user-token', 'dead');
    localStorage.setItem('user-domain', 'a.nl');
    authStore.reload();
    fakeApi().on(auth.refreshToken, fail(401, 'unauthorized'));
    const navigate = start();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'), WAIT);
    expect(authStore.getState()).toMatchObject({ token: null, status: 'empty', domain: null });
    expect(localStorage.getItem('user-domain')).toBeNull();
  });

  it('keeps the token when the server cannot be reached', async () => {
    localStorage.setItem('user-token', 'stored');
    authStore.reload();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    start();
    await vi.waitFor(
      () => expect(authStore.getState()).toMatchObject({ token: 'stored', status: 'success' }),
      WAIT,
    );
  });

  it('refreshes every 10 minutes while logged in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    authStore.setToken('t0');
    let n = 0;
    const { calls } = fakeApi().on(auth.refreshToken, () => ({ token: `t${++n}` }));
    start();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(authStore.getState().token).toBe('t1'), WAIT);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(authStore.getState().token).toBe('t2'), WAIT);
  });
});
