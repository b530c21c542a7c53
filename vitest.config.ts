import { defineConfig } from 'vitest/config';

/**
 * One runner for unit and API tests of every workspace; e2e runs in Playwright. Every project
 * runs its files in worker threads, not forked processes: 15 % less wall time on 2 cores, all
 * tests the same.
 */
const PG = process.env.HAVEN_TEST_PG;
const SERVER = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'threads' } as const;

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1): files ran one at a time, and the
    // integration tests, which mostly wait on Postfix, rspamd, nginx or MariaDB, left a core idle
    // (load average near 1 through the whole CI unit step). Four files at a time keep both cores
    // busy while some of them wait on those services.
    maxWorkers: Number(process.env.HAVEN_TEST_WORKERS ?? 4),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // `*.pg.test.ts`: about PostgreSQL alone (db/named-statements.ts), only in the next project.
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
          // SQLite, whatever the shell says: PostgreSQL is the next project's.
          env: { HAVEN_TEST_PG: '' },
          ...SERVER,
        },
      },
      // With HAVEN_TEST_PG set, the test files whose subject is the panel's SQL run again on
      // PostgreSQL, in the same pool (a second run after the first left one core idle at its tail).
      // Integration tests are about the real services: once, on SQLite, is enough.
      ...(PG
        ? [
            {
              test: {
                name: 'server-pg',
                root: 'apps/server',
                environment: 'node',
                include: ['{src,test}/**/*.{api,sql,service,pg}.test.ts'],
                env: { HAVEN_TEST_PG: PG },
                ...SERVER,
              },
            },
          ]
        : []),
      'apps/web/vite.config.ts',
      // The repository's own scripts (npm start's and npm test's checks of the machine).
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          environment: 'node',
          include: ['*.test.mjs'],
          pool: 'threads',
        },
      },
    ],
  },
});
