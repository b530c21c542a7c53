import { createTransport } from 'nodemailer';
import type { ListSender } from './list-expander.port.ts';

/**
 * Sends the list's copies through the node's Postfix on loopback (no auth: Postfix accepts
 * mail from 127.0.0.0/8 for hosted domains), a small pool so a large list reuses connections.
 */
export function smtpListSender(smtpPort: number): ListSender {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 2,
  });
  return {
    async send(envelope, message) {
      await transport.sendMail({
        envelope: { from: envelope.from, to: [...envelope.to] },
        raw: message,
      });
    },
    close: () => transport.close(),
  };
}
