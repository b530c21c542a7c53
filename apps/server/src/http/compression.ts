import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Answers go out compressed (brotli at the plugin's fast default, else gzip) to clients that
 * accept it: the API's JSON, and HTML or text by mime-db's list. Not octet-stream (the plugin's
 * default would squeeze the file manager's downloads on the fly), PDF or SQL dumps; the web app's
 * files are compressed at build time (http/spa.ts). Request bodies are not inflated (no way in
 * for a compressed bomb). Registered before the routes: the plugin hooks each route as added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    // Below about one TCP segment compressing saves no round trip, only CPU.
    threshold: 1400,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
  });
}
