import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/** What every document answers: Helmet's defaults with the panel's policy. */
const DOCUMENT_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    'upgrade-insecure-requests',
    "connect-src 'self'",
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What every API answer carries (OWASP's REST cheat sheet), and no more. */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

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
      for (const name of DOCUMENT_ONLY) expect(res.headers[name]).toBeUndefined();
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
