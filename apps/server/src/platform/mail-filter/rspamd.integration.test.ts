import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { freePort } from '../../../test/free-port.ts';
import { hasCommand } from '../../lib/process.ts';
import { rspamdService } from '../supervisor/rspamd.service.ts';
import { ensureDkimKey } from './dkim-keys.ts';
import { dkimRecordHost } from './mail-dns.ts';
import { dkimSignatures, learn, learnStats, scanMessage } from './rspamd-client.ts';
import { writeMailRules } from './rspamd-files.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

// rspamd needs 60-100 s to load its modules on a busy 2-core machine: over the CI budget, so
// this runs when asked (HAVEN_RSPAMD_TEST=1) on a machine with rspamd installed.
// Not asked for is a deliberate skip; asked for without rspamd fails in CI.
const optedIn = process.env.HAVEN_RSPAMD_TEST === '1';
if (!optedIn) console.warn('rspamd test skipped: set HAVEN_RSPAMD_TEST=1 to run it');
const skip =
  !optedIn ||
  skipWhenMissing('rspamd test', [!(await hasCommand('rspamadm', ['--version'])) && 'rspamd']);

const message = (from: string, to: string) =>
  [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: Hello',
    `Message-ID: <${Date.now()}@example.test>`,
    'Date: Wed, 25 Nov 2026 05:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'A message.',
    '',
  ].join('\r\n');

describe.skipIf(skip)('rspamd (lean profile, loopback ports)', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  let service: ReturnType<typeof rspamdService>;
  let txt = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-rspamd-'));
    const ports = {
      milter: await freePort(),
      normal: await freePort(),
      controller: await freePort(),
    };
    service = rspamdService(join(dir, 'rspamd'), ports, { profile: 'lean' });
    expect(await service.missing()).toBeNull();
    await service.prepare();
    const key = await ensureDkimKey(join(dir, 'dkim'), 'example.test');
    txt = key.txt;
    expect((await stat(key.keyPath)).mode & 0o777).toBe(0o600);
    await writeMailRules(
      service.layout,
      'lean',
      [key],
      [
        {
          address: 'box@example.test',
          spamfilter: {
            ...SPAMFILTER_DEFAULTS,
            modify_subject: true,
            subject_prefix: '[SPAM] $CONFDIR "x"',
            blacklist: ['casino', '${DBDIR}'],
            whitelist: ['*@friends.test'],
          },
        },
      ],
    );
    const { cmd, args } = service.command();
    child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    for (let i = 0; i < 300 && !(await service.healthy()); i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(await service.healthy(), output).toBe(true);
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await rm(dir, { recursive: true, force: true });
  });

  it('signs mail of a signing domain with a DKIM signature that verifies', async () => {
    const raw = message('sender@example.test', 'someone@elsewhere.test');
    const result = await scanMessage(service.normalUrl, {
      message: raw,
      from: 'sender@example.test',
      rcpt: ['someone@elsewhere.test'],
      ip: '127.0.0.1',
      user: 'sender@example.test',
    });
    const [signature] = dkimSignatures(result);
    expect(signature).toMatch(/d=example\.test/);
    expect(signature).toMatch(/s=haven/);
    const signed = `DKIM-Signature: ${signature}\r\n${raw}`;
    const name = `${dkimRecordHost()}.example.test`;
    const verified = await dkimVerify(Buffer.from(signed), {
      resolver: async (host: string, type: string) => {
        if (host === name && type === 'TXT') return [[txt]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    expect(verified.results[0]?.status.result).toBe('pass');
  });

  it('gives a blacklisted sender the mailbox action, and not a whitelisted one', async () => {
    const scan = (from: string) =>
      scanMessage(service.normalUrl, {
        message: message(from, 'box@example.test'),
        from,
        rcpt: ['box@example.test'],
        ip: '127.0.0.1',
      });
    const spam = await scan('win@casino.test');
    expect(spam.action).toBe('rewrite subject');
    expect(spam.symbols.HAVEN_BLACKLIST).toBeDefined();
    const friend = await scan('casino@friends.test');
    expect(friend.action).toBe('no action');
    const other = await scan('someone@other.test');
    expect(other.action).toBe('no action');
  });

  it('learns spam and ham into the Bayes statistics (SQLite in the db dir)', async () => {
    const url = service.controllerUrl;
    const before = await learnStats(url);
    const text = message('offers@shop.test', 'box@example.test').replace(
      'A message.',
      'Cheap pills, buy now, limited offer, click here to win money fast today.',
    );
    const body = (n: number) => text.replace('Cheap', `Cheap ${n}`);
    expect(await learn(url, 'spam', message('a@shop.test', 'box@example.test'))).toBe('skipped');
    expect(await learn(url, 'spam', body(1))).toBe('learned');
    // rspamd writes its learn cache after it has answered: on a loaded machine (CI, four test
    // files at once) a repeat 1 s later was learned again. Either way the answer must match
    // what rspamd counted (the 208 -> known mapping itself: rspamd-client.test.ts).
    await sleep(1_000);
    const again = await learn(url, 'spam', body(1));
    expect(['known', 'learned']).toContain(again);
    const after = await learnStats(url);
    expect(after.revisions.BAYES_SPAM).toBe(
      (before.revisions.BAYES_SPAM ?? 0) + (again === 'known' ? 1 : 2),
    );
    // The same message as ham: unlearned from spam, learned as ham.
    expect(await learn(url, 'ham', body(1))).toBe('learned');
    // Its statistics may show the ham a moment after the answer on a loaded machine.
    await expect
      .poll(async () => (await learnStats(url)).revisions.BAYES_HAM)
      .toBe((before.revisions.BAYES_HAM ?? 0) + 1);
    await stat(join(service.layout.dbDir, 'bayes.spam.sqlite'));
  });
});
