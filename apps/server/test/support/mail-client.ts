import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { until } from './integration-services.ts';

/** SMTP in and IMAP out against a test's own Postfix and Dovecot on loopback ports. */
export function mailClient(ports: { smtp: number; imap: number }) {
  const send = (
    to: string,
    subject: string,
    headers: Record<string, string> = {},
    from = 'sender@elsewhere.test',
    text = 'hello',
  ) =>
    createTransport({
      host: '127.0.0.1',
      port: ports.smtp,
      secure: false,
      ignoreTLS: true,
    }).sendMail({ from, to, subject, text, headers });

  /** Each message's subject and raw source, in the folder's order. */
  async function messages(user: string, pass: string, folder = 'INBOX') {
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
      if (!lock) return [] as { subject: string; source: Buffer }[];
      try {
        const found: { subject: string; source: Buffer }[] = [];
        if (client.mailbox && client.mailbox.exists > 0)
          for await (const m of client.fetch('1:*', { envelope: true, source: true }))
            found.push({ subject: m.envelope?.subject ?? '', source: m.source ?? Buffer.alloc(0) });
        return found;
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }

  const subjects = async (user: string, pass: string, folder = 'INBOX') =>
    (await messages(user, pass, folder)).map((m) => m.subject).sort();

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

  return { send, messages, subjects, inbox };
}
