import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer } from './mailer.port.ts';

/** Production: an SMTP relay given as `smtp://user:pass@host:587` or `smtps://...`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // Loaded with the first mail rather than at start.
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.createTransport(url));
      const info = await (
        await transport
      ).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      return String(info.messageId);
    },
  };
}
