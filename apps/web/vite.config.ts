import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
