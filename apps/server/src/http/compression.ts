import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';

/**
 * Output chunk of the synchronous compressors (the plugin compresses answers up to 8 kB inline):
 * under half of Buffer's pool, so a compressed answer is cut from Node's shared 8 kB slab instead
 * of a fresh 16 kB allocation that lives until V8 next collects it; those fragment glibc's heap,
 * which keeps tens of MB after a burst of API calls.
 */
const SYNC_CHUNK_BYTES = 2048;

/**
 * Brotli's fastest quality for the inline path: at quality 4 the encoder sets up tables far
 * larger than an answer of a few kB: quality 1 saves a tenth of the DNS list's CPU a request for
 * a tenth more bytes. Larger answers stream at the plugin's quality 4.
 */
const SYNC_BROTLI_QUALITY = 1;

/** The plugin takes a zlib-like object; giving only the sync methods leaves its streams on node:zlib. */
export const smallChunkZlib = {
  brotliCompressSync: (input: Buffer, options: BrotliOptions) =>
    zlib.brotliCompressSync(input, {
      ...options,
      params: { ...options.params, [zlib.constants.BROTLI_PARAM_QUALITY]: SYNC_BROTLI_QUALITY },
      chunkSize: SYNC_CHUNK_BYTES,
    }),
  gzipSync: (input: Buffer, options: ZlibOptions) =>
    zlib.gzipSync(input, { ...options, chunkSize: SYNC_CHUNK_BYTES }),
  deflateSync: (input: Buffer, options: ZlibOptions) =>
    zlib.deflateSync(input, { ...options, chunkSize: SYNC_CHUNK_BYTES }),
};

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
    zlib: smallChunkZlib,
  });
}
