import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ListExpander, ListHandler, ListVerdict } from './list-expander.port.ts';

/** Larger posts are refused by the expander (Postfix's own default limit is 10 MB). */
const MAX_BYTES = 25 * 1024 * 1024;

type Reply = string | (Error & { responseCode: number });

const refusal = (verdict: Exclude<ListVerdict, { ok: true }>): Reply =>
  Object.assign(new Error(verdict.reason), { responseCode: verdict.permanent ? 550 : 451 });

async function collect(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The expander as an LMTP server (nodemailer's smtp-server) on 127.0.0.1:`port`: one reply per
 * recipient, as LMTP wants, so Postfix bounces a refused post to its sender and retries a
 * deferred one. No AUTH or TLS: loopback only, and Postfix is the only client that matters.
 */
export function lmtpListExpander(port: number, log: (m: string) => void): ListExpander {
  let server: SMTPServer | null = null;
  return {
    async start(handle: ListHandler) {
      const s = new SMTPServer({
        lmtp: true,
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        size: MAX_BYTES,
        rejectOversized: true,
        logger: false,
        banner: 'Haven list expander',
        onData(stream, session: SMTPServerSession, callback) {
          collect(stream)
            .then(async (message) => {
              if (stream.sizeExceeded) return callback(null, []);
              const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
              const replies: Reply[] = [];
              // One at a time: a list's posts go out in the order they came.
              for (const rcpt of session.envelope.rcptTo) {
                const verdict = await handle({
                  sender: sender.toLowerCase(),
                  recipient: rcpt.address.toLowerCase(),
                  message,
                }).catch((error: unknown): ListVerdict => {
                  log(`list expander: ${String(error)}`);
                  return { ok: false, permanent: false, reason: 'temporary failure, try later' };
                });
                replies.push(verdict.ok ? 'OK: delivered to the list' : refusal(verdict));
              }
              callback(null, replies);
            })
            .catch((error: unknown) => callback(error instanceof Error ? error : null));
        },
      });
      s.on('error', (error) => log(`list expander: ${error.message}`));
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
