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

/** Helmet's defaults with the panel's policy, as one fixed set. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Every answer carries the security headers. They never vary per request, so they are written
 * from one frozen table instead of through @fastify/helmet, which rebuilt the policy string on
 * every request (~5 % of the CPU of a small API call). Routes may still override one (the API
 * docs set their own policy).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
