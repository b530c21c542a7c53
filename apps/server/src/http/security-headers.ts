import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Documents (the app's pages, the API docs, the payment pages): Helmet's defaults with the panel's policy. */
const DOCUMENT: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      frameAncestors: ["'none'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Mantine writes its CSS variables in style elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'"],
    },
  },
};

/**
 * API answers (OWASP's REST security cheat sheet): nothing in them may run, load or be framed.
 * The document-only headers (COOP, origin-agent-cluster, DNS prefetch, the legacy IE, Flash
 * and XSS-filter ones) mean nothing for JSON and are left out.
 */
const API: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The build's hashed scripts, styles and fonts (`/assets/`): a page's policy is the document's,
 * so CSP and the framing, referrer and transport headers mean nothing here. On a phone the ~1 kB
 * of the document set on each of a page's many small chunks adds up. `nosniff` and CORP stay.
 */
const ASSET: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers Helmet sets for these options. None of the panel's options depends on the request
 * (no nonces, no directive functions), so they are worked out once: @fastify/helmet's
 * `reply.helmet(options)` built Helmet's middleware again on every request, about a fifth of the
 * panel's CPU a request.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('Helmet did not set its headers synchronously');
  return Object.freeze(headers);
}

/** Only these types: an SVG or HTML file opened on its own is a document and keeps the full set. */
const isAssetUrl = (url: string): boolean =>
  /^\/assets\/[^?/]+\.(?:js|css|woff2?)(?:\?|$)/.test(url);

/** `/api/...` answers JSON (or a file download), except the docs UI under `/api/docs`. */
const isApiUrl = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every answer carries security headers (Helmet's): the document set, the API set for `/api/...`,
 * which no cache keeps either (they hold a customer's data), or the short asset set. A route may
 * still set one of them itself (the API docs set their own policy): its header replaces these.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const document = helmetHeaders(DOCUMENT);
  const api = { 'cache-control': 'no-store', ...helmetHeaders(API) };
  const asset = helmetHeaders(ASSET);
  app.addHook('onRequest', (request, reply, next) => {
    const url = request.url;
    reply.headers(isAssetUrl(url) ? asset : isApiUrl(url) ? api : document);
    next();
  });
}
