import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The production build runs on Preact: preact/compat stands in for react and react-dom, for the
 * app and every library (the login route's first load: 174 -> 113 kB gzipped, issue #2). The
 * e2e suite runs that build. `npm run dev` stays on React for Fast Refresh (HAVEN_DEV_PREACT=1
 * runs it on Preact, as shipped); unit tests stay on React. Types stay React's (@types/react).
 * Known differences: Preact sets boolean DOM properties, so '' means false (write 'true'), and
 * Mantine's Collapse is not inert when closed (eslint.config.js keeps it out).
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' || process.env.HAVEN_DEV_PREACT === '1' ? preactAliases : [],
  },
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
}));
