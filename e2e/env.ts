import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port the OS just handed out as free (listen on 0, read it, close): the server is told it before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(0, '127.0.0.1', resolve),
  );
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

// Each run gets its own port and data dir unless told otherwise, so that two runs on one
// machine never share a server. Set in process.env so Playwright's workers inherit the choice.
process.env.HAVEN_E2E_PORT ??= String(await freePort());
process.env.HAVEN_E2E_DATA ??= join(import.meta.dirname, `.data-${process.env.HAVEN_E2E_PORT}`);

// Per-domain system users are machine-wide (useradd): parallel runs would share `haven-d1`.
// The isolation they give is tested in hosting-node/isolation.integration.test.ts.
process.env.HAVEN_DOMAIN_USERS ??= 'off';

export const E2E_PORT = Number(process.env.HAVEN_E2E_PORT);
/** The panel state of the e2e run: wiped when the server starts. */
export const E2E_DATA_DIR = process.env.HAVEN_E2E_DATA;
export const SERVER_DIR = join(import.meta.dirname, '..', 'apps', 'server');
