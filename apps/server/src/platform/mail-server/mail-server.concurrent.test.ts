import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../supervisor/binaries.ts';
import { localMailLayout } from './layout.ts';
import type { MailState } from './mail-server.port.ts';
import { postfixDovecotMailServer } from './mail-server.postfix-dovecot.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail-server concurrency test', [
  !(await findBinary('postmap')) && 'postmap (postfix)',
]);

const stateWith = (n: number): MailState => ({
  domains: [{ domain: 'example.test', catchAll: null }],
  mailboxes: [],
  aliases: [{ address: `a${n}@example.test`, targets: ['x@elsewhere.test'] }],
  listRoutes: [{ address: `list${n}@example.test`, transport: 'lmtp:inet:127.0.0.1:2426' }],
});

/**
 * The panel and the `haven` CLI each have their own adapter (their own in-process queue) on the
 * same files: two adapters here, applying at once, stand for the two processes.
 */
describe.skipIf(skip)('two processes applying the mail state at once', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-mail-race-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('never fails on the other one staging, and ends with the newest state', async () => {
    const layout = localMailLayout(dir);
    const panel = postfixDovecotMailServer({ layout, log: () => {}, reload: false });
    const cli = postfixDovecotMailServer({ layout, log: () => {}, reload: false });
    let version = 0;
    // Each change bumps the version first, as a committed SQL change would; the apply reads it.
    const change = (server: typeof panel) => {
      version += 1;
      return server.apply(async () => stateWith(version));
    };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => change(i % 2 === 0 ? panel : cli)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const transport = await readFile(join(layout.mapsDir, 'transport'), 'utf8');
    expect(transport).toContain(`list${version}@example.test`);
    const aliases = await readFile(join(layout.mapsDir, 'aliases'), 'utf8');
    expect(aliases).toContain(`a${version}@example.test`);
  }, 60_000);
});
