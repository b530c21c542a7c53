import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ by its content hash: a changed file gets a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell (index.html) and the few unhashed files: cached, but revalidated on every use. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app from the same origin. Unknown non-API paths get index.html so the
 * client router can show them; unknown API paths get the JSON 404 envelope.
 *
 * The build writes a .br and a .gz beside each compressible file (apps/web/vite.config.ts), and
 * `preCompressed` sends the best one the client accepts, so no CPU goes to compressing assets.
 */
export async function registerSpa(app: FastifyInstance, dist: string): Promise<void> {
  const hasIndex = existsSync(join(dist, 'index.html'));
  if (hasIndex) {
    const assets = join(dist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/send writes its own `public, max-age=0` after setHeaders has run, replacing ours.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        // The same URL answers brotli, gzip or plain: a shared cache must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ custom_message: 'not_found' });
    }
    // A chunk an old shell asks for after a deploy: a 404, not the shell as a script (which
    // would also go out without the document's policy, see security-headers.ts).
    if (url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!hasIndex) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built: run `npm run build`.');
    }
    return reply.sendFile('index.html');
  });
}
