import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { API_HEADERS, DOCUMENT_HEADERS } from './security-headers.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('API answers carry the API set, errors included: nothing runs, frames or keeps them', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    for (const res of [
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'GET', url: '/api/user', token }),
      await t.call({ method: 'GET', url: '/api/user' }),
      await t.call({ method: 'GET', url: '/api/no-such-call' }),
    ]) {
      expect(res.headers).toMatchObject(API_HEADERS);
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('documents carry the document set with the panel’s script policy', async () => {
    const page = await t.call({ method: 'GET', url: '/' });
    expect(page.headers).toMatchObject(DOCUMENT_HEADERS);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const docs = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});
