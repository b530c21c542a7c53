import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './env.ts';

/** Debian's Chromium, headless, against the real server on a loopback port with its own data dir. */
export default defineConfig({
  testDir: './tests',
  outputDir: `test-results/run-${E2E_PORT}`,
  // Generous: a whole user journey per test, on a 2-core CI machine.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.HAVEN_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node start-server.mjs',
    env: { HAVEN_E2E_PORT: String(E2E_PORT), HAVEN_E2E_DATA: E2E_DATA_DIR },
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM, not the default SIGKILL: the panel then stops the services it supervises.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
