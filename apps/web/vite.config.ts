import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { landingPreload } from './vite-plugins/landing-preload.ts';
import { entryKeepsOwnModules, routeChunks } from './vite-plugins/route-chunks.ts';
import { sessionPreload } from './vite-plugins/session-preload.ts';
import { LANGUAGE_KEY, TOKEN_KEY } from './src/lib/storage-keys.ts';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text file of the build, once, so the
 * server sends them as they are (@fastify/static `preCompressed`, apps/server/src/http/spa.ts)
 * instead of spending CPU on each request; a copy that is not smaller is not written. A few lines
 * of node:zlib rather than one more plugin package.
 */
function precompress(): Plugin {
  const writeIfSmaller = async (file: string, data: Buffer, packed: Buffer) => {
    if (packed.length < data.length) await writeFile(file, packed);
  };
  return {
    name: 'haven-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const texts = Object.values(bundle)
        .filter((out) => COMPRESSIBLE.test(out.fileName) && !out.fileName.startsWith('.vite/'))
        .map((out) => ({
          file: join(outDir, out.fileName),
          data: Buffer.from(out.type === 'chunk' ? out.code : out.source),
        }));
      await Promise.all(
        texts.map(async ({ file, data }) => {
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          await writeIfSmaller(`${file}.br`, data, await brotli(data, { params }));
          await writeIfSmaller(`${file}.gz`, data, await gzipped(data, { level: 9 }));
        }),
      );
    },
  };
}

const ROUTE_GROUPS = [
  { name: 'login', roots: ['src/features/auth/login-page.tsx'] },
  {
    name: 'shell',
    roots: ['src/app/shell/app-shell.tsx', 'src/features/dashboard/real-dashboard-page.tsx'],
  },
];
const shellChunks = routeChunks({ entry: 'src/main.tsx', groups: ROUTE_GROUPS });

export default defineConfig({
  plugins: [
    react(),
    landingPreload({
      route: 'src/features/auth/login-page.tsx',
      texts: ['common', 'validations', 'errors', 'login'].map((ns) => `src/locales/nl/${ns}.json`),
    }),
    // A stored session fetches the shell and the dashboard's texts beside the entry.
    sessionPreload({
      group: 'shell',
      tokenKey: TOKEN_KEY,
      languageKey: LANGUAGE_KEY,
      defaultLanguage: 'nl',
      namespaces: ['common', 'validations', 'errors', 'dashboard'],
    }),
    entryKeepsOwnModules(ROUTE_GROUPS.map((g) => g.name)),
    precompress(),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    // bench/bundle-size.ts walks the manifest to add up what the login route loads.
    manifest: true,
    // The login route's first load is budgeted (150 KB gzipped); report anything near it.
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // zod in a chunk of its own, so no zod-free module the login page needs shares its chunk
        // (the login route paints without zod; index.html preloads that route's chunks). Then the
        // login route in one chunk, and the shell with the dashboard in one.
        manualChunks: (id, meta) =>
          id.includes('/node_modules/zod/') ? 'zod' : shellChunks(id, meta),
        // A manual chunk holds the modules named for it, not also everything they import.
        onlyExplicitManualChunks: true,
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // jsdom screens with lazy chunks are slow on a busy 2-core machine.
    testTimeout: 20_000,
    // Worker threads start faster than forks (see the root vitest.config.ts).
    pool: 'threads',
  },
});
