import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Mantine writes its CSS variables in style elements.
  "style-src 'self' 'unsafe-inline'",
  'upgrade-insecure-requests',
  "connect-src 'self'",
].join(';');

const HSTS = 'max-age=31536000; includeSubDomains';

/** Documents (the app's pages, the API docs, the payment pages): Helmet's defaults with the panel's policy. */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
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

/**
 * API answers (OWASP's REST security cheat sheet): nothing in them may run, load or be framed,
 * and no cache keeps them (they hold a customer's data). The document-only headers (Helmet's
 * COOP, origin-agent-cluster, DNS prefetch, the legacy IE and Flash ones) mean nothing for JSON,
 * and the API answers the most requests: it leaves out half the bytes and header checks.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** `/api/...` answers JSON (or a file download), except the docs UI under `/api/docs`. */
export const isApiUrl = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every answer carries security headers. They never vary per request, so they are written from
 * two frozen tables instead of through @fastify/helmet, which rebuilt the policy string on
 * every request (~5 % of the CPU of a small API call). Routes may still override one (the API
 * docs set their own policy).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? API_HEADERS : DOCUMENT_HEADERS);
    done();
  });
}
