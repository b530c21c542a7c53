// Starts the real Haven server, as built by `npm run build` (web and server), for the e2e run on a
// fresh data dir.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { nodePorts } from './node-ports.ts';

const port = process.env.HAVEN_E2E_PORT;
if (!port)
  throw new Error(
    'HAVEN_E2E_PORT is not set: start the e2e run through playwright.config.ts (e2e/env.ts picks a free port)',
  );
const dataDir = process.env.HAVEN_E2E_DATA ?? join(import.meta.dirname, '.data');
rmSync(dataDir, { recursive: true, force: true });
const server = join(import.meta.dirname, '..', 'apps', 'server');
// The node flags and script of `npm start`, so the journeys run the panel as shipped.
const startArgs = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .slice(1);
const child = spawn(process.execPath, startArgs, {
  cwd: server,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    HAVEN_DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // The local hosting node (nginx, PHP-FPM, pure-ftpd, PowerDNS): off unless a run asks for it,
    // and then on ports next to the panel's, so it never meets a developer's own `npm start`.
    HAVEN_SERVICES: process.env.HAVEN_SERVICES ?? 'off',
    // Per-domain system users are machine-wide: off unless a run asks (with its own prefix).
    HAVEN_DOMAIN_USERS: process.env.HAVEN_DOMAIN_USERS ?? 'off',
    ...nodePorts(Number(port)),
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
