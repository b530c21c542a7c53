// Mail: from a click to delivery-ready with 10,000 mailboxes (1,000 domains x 10, each with an
// alias). A click re-renders everything (three Postfix tables built by postmap, the Dovecot
// passwd-file), swaps them in and reloads Postfix: target < 2 s. Then one message over SMTP to
// the mailbox just added, until it is in its Maildir. Needs root, postfix and dovecot.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { localMailLayout } from '../apps/server/src/platform/mail-server/layout.ts';
import type { MailState } from '../apps/server/src/platform/mail-server/mail-server.port.ts';
import { postfixDovecotMailServer } from '../apps/server/src/platform/mail-server/mail-server.postfix-dovecot.ts';
import { dovecotService } from '../apps/server/src/platform/supervisor/dovecot.service.ts';
import { postfixService } from '../apps/server/src/platform/supervisor/postfix.service.ts';
import { createSupervisor } from '../apps/server/src/platform/supervisor/supervisor.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { fmt } from './lib.ts';

const DOMAINS = 1000;
const PER_DOMAIN = 10;
const TARGET_MS = 2000;

function state(hash: string, extra: number): MailState {
  const domains = Array.from({ length: DOMAINS }, (_, d) => ({
    domain: `d${d}.example.test`,
    catchAll: null,
  }));
  const mailboxes = domains.flatMap(({ domain }) =>
    Array.from({ length: PER_DOMAIN }, (_, i) => ({
      address: `box${i}@${domain}`,
      passwordHash: hash,
      quotaMb: 1024,
      forwardTo: [],
    })),
  );
  for (let i = 0; i < extra; i++)
    mailboxes.push({
      address: `new${i}@d0.example.test`,
      passwordHash: hash,
      quotaMb: 1024,
      forwardTo: [],
    });
  const aliases = mailboxes.map((m) => ({ address: `alias-${m.address}`, targets: [m.address] }));
  return { domains, mailboxes, aliases };
}

export async function benchMailMaps(): Promise<string[]> {
  if (process.getuid?.() !== 0) return ['skipped: needs root (Postfix)'];
  const dir = mkdtempSync(join(tmpdir(), 'haven-bench-mail-'));
  chmodSync(dir, 0o711);
  const ports = { smtp: await freePort(), imap: await freePort(), lmtp: await freePort() };
  const layout = localMailLayout(dir);
  const services = join(dir, 'services');
  const supervisor = createSupervisor({
    services: [
      dovecotService(layout, { imap: ports.imap, lmtp: ports.lmtp }, join(services, 'dovecot')),
      postfixService(layout, { ...ports, milter: '' }, join(services, 'postfix')),
    ],
    dir: services,
    log: () => {},
    healthTimeoutMs: 60_000,
  });
  const lines: string[] = [];
  try {
    await supervisor.start();
    const mail = postfixDovecotMailServer({ layout, log: (m) => lines.push(m) });
    const hash = await hashPassword('Bench-pw-2024!');
    let t = performance.now();
    await mail.apply(state(hash, 0));
    lines.push(
      `first apply, ${DOMAINS * PER_DOMAIN} mailboxes + as many aliases: ${fmt(performance.now() - t)} ms`,
    );
    const clicks: number[] = [];
    for (let i = 1; i <= 3; i++) {
      t = performance.now();
      await mail.apply(state(hash, i));
      clicks.push(performance.now() - t);
    }
    const worst = Math.max(...clicks);
    lines.push(
      `click (one mailbox added; all rebuilt, swapped, reloaded): ${clicks.map((c) => fmt(c)).join(', ')} ms (target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'})`,
    );
    t = performance.now();
    await createTransport({
      host: '127.0.0.1',
      port: ports.smtp,
      secure: false,
      ignoreTLS: true,
    }).sendMail({
      from: 'bench@elsewhere.test',
      to: 'new2@d0.example.test',
      subject: 'bench',
      text: 'hello',
    });
    const maildir = join(layout.mailRoot, 'd0.example.test', 'new2', 'Maildir', 'new');
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const found = (() => {
        try {
          return readdirSync(maildir).length;
        } catch {
          return 0;
        }
      })();
      if (found > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    lines.push(`SMTP accept to the new mailbox's Maildir: ${fmt(performance.now() - t)} ms`);
    console.error(lines.at(-1));
  } finally {
    await supervisor.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
