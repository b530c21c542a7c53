import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { hasCommand } from '../../lib/process.ts';
import { renderMailboxSieve } from './sieve-render.ts';
import { activeSievePath, checkSieve, writeMailboxSieve } from './sieve-writer.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const sievec = await hasCommand('sievec', ['-h']).then(
  async (ok) => ok || (await hasCommand('which', ['sievec'])),
);
const skip = skipWhenMissing('sieve compile test', [!sievec && 'sievec (dovecot-sieve)']);

const attack = 'x";\r\n} redirect "evil@example.com"; #\\ ${hex:22} <script>alert(1)</script>';

describe.skipIf(skip)('rendered scripts compile with Pigeonhole sievec', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it.each([
    ['text reply with end date and attack text', 'text', 'move', 1],
    ['HTML reply with script tags', 'html', 'delete', 1],
    ['marking only', 'text', 'mark', 1],
    ['several answers a day and a forward copy', 'text', 'mark', 24],
  ] as const)('%s', async (_, content_type, action, answers_per_day) => {
    const script = renderMailboxSieve({
      autoresponder: {
        ...AUTORESPONDER_DEFAULTS,
        enabled: true,
        subject: 'Re: "away" \\ here',
        content_type,
        text: attack,
        days: answers_per_day > 1 ? 1 : 7,
        answers_per_day,
        forward_to: answers_per_day > 1 ? 'copy@elders.test' : null,
        end_date: '2030-12-31',
      },
      spamfilter: {
        ...SPAMFILTER_DEFAULTS,
        action,
        whitelist: ["o'neil@*", '*@friends.test'],
        blacklist: [attack.replace(/[\r\n]/g, ''), '\\'],
      },
      addresses: ['info@example.test'],
    });
    expect(await checkSieve(script)).toBeNull();
  });

  it('refuses a broken script and leaves the active one as it was', async () => {
    const home = await mkdtemp(join(tmpdir(), 'haven-sieve-home-'));
    dirs.push(home);
    await mkdir(join(home, 'sieve'));
    await writeFile(activeSievePath(home), 'keep;\n');
    await expect(writeMailboxSieve(home, 'require "vacation";\nvacation "x')).rejects.toThrow(
      /sievec refused/,
    );
    expect(await readFile(activeSievePath(home), 'utf8')).toBe('keep;\n');
    const good = renderMailboxSieve({
      autoresponder: { ...AUTORESPONDER_DEFAULTS, enabled: true, text: 'hi' },
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    await writeMailboxSieve(home, good);
    expect(await readFile(activeSievePath(home), 'utf8')).toBe(good);
    expect((await stat(activeSievePath(home))).mode & 0o777).toBe(0o600);
  });
});
