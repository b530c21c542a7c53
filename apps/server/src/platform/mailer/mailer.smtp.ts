import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.port.ts';

/** Production: an SMTP relay given as `smtp://user:pass@host:587` or `smtps://...`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      return String(info.messageId);
    },
  };
}
