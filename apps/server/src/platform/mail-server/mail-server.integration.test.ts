import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { until } from '../../../test/support/integration-services.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { dovecotService } from '../supervisor/dovecot.service.ts';
import { postfixService } from '../supervisor/postfix.service.ts';
import { createSupervisor, type Supervisor } from '../supervisor/supervisor.ts';
import { localMailLayout } from './layout.ts';
import type { MailboxEntry, MailServer, MailState } from './mail-server.port.ts';
import { postfixDovecotMailServer } from './mail-server.postfix-dovecot.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail-server integration test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot', 'doveconf'])),
  process.getuid?.() !== 0 && 'root',
]);

describe.skipIf(skip)('Postfix + Dovecot, supervised, on the maps Haven writes', () => {
  let dir: string;
  let supervisor: Supervisor;
  let mail: MailServer;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  const box = async (local: string, password: string, forwardTo: string[] = []) =>
    ({
      address: `${local}@example.test`,
      passwordHash: await hashPassword(password),
      quotaMb: 50,
      forwardTo,
    }) satisfies MailboxEntry;
  let state: MailState;

  const send = (to: string, subject: string) =>
    createTransport({
      host: '127.0.0.1',
      port: ports.smtp,
      secure: false,
      ignoreTLS: true,
    }).sendMail({ from: 'sender@elsewhere.test', to, subject, text: 'hello' });
  async function subjects(user: string, password: string): Promise<string[]> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: ports.imap,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found: string[] = [];
        if (client.mailbox && client.mailbox.exists > 0)
          for await (const m of client.fetch('1:*', { envelope: true }))
            found.push(m.envelope?.subject ?? '');
        return found.sort();
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }
  const inbox = (user: string, pw: string, n: number) =>
    until(
      `${n} messages for ${user}`,
      async () => {
        const s = await subjects(user, pw);
        return s.length >= n ? s : undefined;
      },
      30_000,
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-mail-'));
    // Dovecot delivers as the mail account: it must walk into the temp dir.
    await chmod(dir, 0o711);
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
    const layout = localMailLayout(dir);
    const services = join(dir, 'services');
    supervisor = createSupervisor({
      services: [
        dovecotService(layout, { imap: ports.imap, lmtp: ports.lmtp }, join(services, 'dovecot')),
        postfixService(layout, { ...ports, milter: '' }, join(services, 'postfix')),
      ],
      dir: services,
      log: () => {},
      backoffMs: 200,
      healthTimeoutMs: 30_000,
    });
    await supervisor.start();
    expect(supervisor.statuses().map((s) => s.state)).toEqual(['running', 'running']);
    mail = postfixDovecotMailServer({ layout, log: () => {} });
    state = {
      domains: [{ domain: 'example.test', catchAll: null }],
      mailboxes: [await box('anna', 'Anna-pw-2024!'), await box('bob', 'Bob-pw-2024!')],
      aliases: [
        { address: 'team@example.test', targets: ['anna@example.test', 'bob@example.test'] },
        { address: 'sales@example.test', targets: ['bob@example.test'] },
      ],
    };
    await mail.apply(state);
  }, 90_000);

  afterAll(async () => {
    await supervisor?.stop();
    if (dir && !process.env.KEEP_MAIL_TEST) await rm(dir, { recursive: true, force: true });
  });

  it('delivers to a mailbox, a group (each member) and a forward; refuses unknown', async () => {
    await send('anna@example.test', 'direct');
    await send('team@example.test', 'group');
    await send('sales@example.test', 'forward');
    await expect(send('nobody@example.test', 'lost')).rejects.toThrow(/550|Recipient/i);
    expect(await inbox('anna@example.test', 'Anna-pw-2024!', 2)).toEqual(['direct', 'group']);
    expect(await inbox('bob@example.test', 'Bob-pw-2024!', 2)).toEqual(['forward', 'group']);
    const usage = await mail.usage(['anna@example.test']);
    expect(usage.get('anna@example.test')).toBeGreaterThan(0);
  });

  it('forwards unknown local parts to the catch-all once set', async () => {
    state = { ...state, domains: [{ domain: 'example.test', catchAll: 'bob@example.test' }] };
    await mail.apply(state);
    await send('whoever@example.test', 'caught');
    expect(await inbox('bob@example.test', 'Bob-pw-2024!', 3)).toContain('caught');
  });

  it('takes a new password at once; the old one no longer works', async () => {
    const anna = await box('anna', 'New-anna-pw-2025!');
    state = { ...state, mailboxes: [anna, ...state.mailboxes.slice(1)] };
    await mail.apply(state);
    // Dovecot looks at its passwd-file at most once a second: the new password works within it.
    expect((await inbox('anna@example.test', 'New-anna-pw-2025!', 2)).length).toBe(2);
    await expect(subjects('anna@example.test', 'Anna-pw-2024!')).rejects.toThrow();
  });
});
