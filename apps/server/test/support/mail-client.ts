import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { until } from './integration-services.ts';

/** SMTP in and IMAP out against a test's own Postfix and Dovecot on loopback ports. */
export function mailClient(ports: { smtp: number; imap: number }) {
  const send = (to: string, subject: string, headers: Record<string, string> = {}) =>
    createTransport({
      host: '127.0.0.1',
      port: ports.smtp,
      secure: false,
      ignoreTLS: true,
    }).sendMail({ from: 'sender@elsewhere.test', to, subject, text: 'hello', headers });

  async function subjects(user: string, pass: string, folder = 'INBOX'): Promise<string[]> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: ports.imap,
      secure: false,
      auth: { user, pass },
      logger: false,
    });
    await client.connect();
    try {
      const lock = await client.getMailboxLock(folder).catch(() => null);
      if (!lock) return [];
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

  /** Waits until `folder` holds at least `n` messages; their subjects, sorted. */
  const inbox = (user: string, pass: string, n: number, folder = 'INBOX') =>
    until(
      `${n} messages for ${user} in ${folder}`,
      async () => {
        const s = await subjects(user, pass, folder);
        return s.length >= n ? s : undefined;
      },
      30_000,
    );

  return { send, subjects, inbox };
}
