import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The contract's modules only declare schemas and constants. Saying so lets Rollup drop the
 * areas a chunk does not use (the login route must not carry every area's schemas). Can go once
 * packages/contract/package.json declares `"sideEffects": false`.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'haven-contract-without-side-effects',
    transform(code, id) {
      if (!id.includes('/packages/contract/src/')) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    // bench/bundle-size.ts walks the manifest to add up what the login route loads.
    manifest: true,
    // The login route's first load is budgeted (150 KB gzipped); report anything near it.
    chunkSizeWarningLimit: 400,
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
