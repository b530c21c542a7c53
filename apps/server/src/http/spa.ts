import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app from the same origin. Unknown non-API paths get index.html so the
 * client router can show them; unknown API paths get the JSON 404 envelope.
 */
export async function registerSpa(app: FastifyInstance, dist: string): Promise<void> {
  const hasIndex = existsSync(join(dist, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ custom_message: 'not_found' });
    }
    if (!hasIndex) {
      return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
