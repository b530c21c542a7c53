import type { FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Documents (the app's pages, the API docs, the payment pages): Helmet's defaults with the panel's policy. */
const DOCUMENT: FastifyHelmetOptions = {
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
const API: FastifyHelmetOptions = {
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
const ASSET: FastifyHelmetOptions = {
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

/** Only these types: an SVG or HTML file opened on its own is a document and keeps the full set. */
const isAssetUrl = (url: string): boolean =>
  /^\/assets\/[^?/]+\.(?:js|css|woff2?)(?:\?|$)/.test(url);

/** `/api/...` answers JSON (or a file download), except the docs UI under `/api/docs`. */
const isApiUrl = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every answer carries security headers (@fastify/helmet): the document set, the API set for
 * `/api/...`, which no cache keeps either (they hold a customer's data), or the short asset set.
 * Routes may still override one (the API docs set their own policy).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, { ...DOCUMENT, global: false });
  app.addHook('onRequest', async (request, reply) => {
    if (isAssetUrl(request.url)) {
      reply.helmet(ASSET);
      return;
    }
    if (!isApiUrl(request.url)) {
      reply.helmet();
      return;
    }
    reply.header('cache-control', 'no-store');
    reply.helmet(API);
  });
}
