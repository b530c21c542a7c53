import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import { startMailNode } from '../../../test/support/mail-node.ts';
import { localMailLayout } from '../../platform/mail-server/layout.ts';
import { ensureWebmailMaster } from '../../platform/mail-server/webmail-master.ts';
import type { Supervisor } from '../../platform/supervisor/supervisor.ts';
import { addMailboxes } from '../../../test/support/mailboxes.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('webmail master user test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot'])),
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';

// What the webmail plugin does after redeeming a token: IMAP as `<address>*haven` with the
// master password opens that mailbox, and only with that password.
describe.skipIf(skip)("the webmail's Dovecot master user", () => {
  let t: TestApp;
  let c: TestCustomer;
  let supervisor: Supervisor;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  const client = mailClient(ports);
  const at = (local: string) => `${local}@${c.domain}`;

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    const token = await t.login(c);
    supervisor = await startMailNode(t.dataDir, ports);
    await addMailboxes(t, c, token, ['anna', 'bob'], PW);
  }, 90_000);
  afterAll(async () => {
    await supervisor?.stop();
    await t?.close();
  });

  const subjects = async (user: string, pass: string) => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: ports.imap,
      secure: false,
      auth: { user, pass },
      logger: false,
    });
    await imap.connect();
    try {
      const lock = await imap.getMailboxLock('INBOX');
      try {
        const found: string[] = [];
        for await (const m of imap.fetch('1:*', { envelope: true }))
          found.push(m.envelope?.subject ?? '');
        return found;
      } finally {
        lock.release();
      }
    } finally {
      await imap.logout();
    }
  };

  it("opens the named mailbox with the master password, and nobody's with a wrong one", async () => {
    await client.send(at('anna'), 'for anna');
    await client.send(at('bob'), 'for bob');
    await client.inbox(at('anna'), PW, 1);
    await client.inbox(at('bob'), PW, 1);
    const secret = join(t.dataDir, 'webmail', 'master.secret');
    const master = await ensureWebmailMaster(localMailLayout(t.dataDir), secret);
    expect(await ensureWebmailMaster(localMailLayout(t.dataDir), secret)).toEqual(master);
    expect(await subjects(`${at('anna')}*${master.user}`, master.password)).toEqual(['for anna']);
    expect(await subjects(`${at('bob')}*${master.user}`, master.password)).toEqual(['for bob']);
    await expect(subjects(`${at('anna')}*${master.user}`, PW)).rejects.toThrow();
    await expect(subjects(`${at('nobody')}*${master.user}`, master.password)).rejects.toThrow();
  }, 60_000);
});
