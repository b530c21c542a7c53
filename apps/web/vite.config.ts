import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { landingPreload } from './vite-plugins/landing-preload.ts';
import { entryKeepsOwnModules, routeChunks } from './vite-plugins/route-chunks.ts';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Kept: without it first paint came 5-22 % later (FCP, lighthouse, same run).
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

// Kept: without the two route groups first paint came 21-45 % later (FCP, lighthouse, same run).
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
    // Kept: without it the login form painted 16-23 % later (LCP, lighthouse, same run).
    landingPreload({
      route: 'src/features/auth/login-page.tsx',
      texts: ['common', 'validations', 'errors', 'login'].map((ns) => `src/locales/nl/${ns}.json`),
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
    rollupOptions: {
      output: {
        // The login route in one chunk, and the shell with the dashboard in one.
        manualChunks: shellChunks,
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
