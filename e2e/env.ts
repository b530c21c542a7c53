import { join } from 'node:path';

// Each run gets its own port and data dir unless told otherwise, so that two runs on one
// machine never share a server. Set in process.env so Playwright's workers inherit the choice.
process.env.HAVEN_E2E_PORT ??= String(18900 + (process.pid % 900));
process.env.HAVEN_E2E_DATA ??= join(import.meta.dirname, `.data-${process.env.HAVEN_E2E_PORT}`);

export const E2E_PORT = Number(process.env.HAVEN_E2E_PORT);
/** The panel state of the e2e run: wiped when the server starts. */
export const E2E_DATA_DIR = process.env.HAVEN_E2E_DATA;
export const SERVER_DIR = join(import.meta.dirname, '..', 'apps', 'server');
