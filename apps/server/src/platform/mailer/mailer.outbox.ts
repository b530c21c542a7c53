import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { Mailer, MailMessage } from './mailer.port.ts';

/** Strips line breaks so a value cannot add a header. */
const headerValue = (v: string) => v.replace(/[\r\n]+/g, ' ');

export function toEml(from: string, m: MailMessage, id: string, date: Date): string {
  const subject = `=?UTF-8?B?${Buffer.from(headerValue(m.subject)).toString('base64')}?=`;
  return [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(m.to)}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}@haven.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(m.text).toString('base64').replace(/.{76}/g, '$&\r\n'),
    '',
  ].join('\r\n');
}

/** Local profile: each message becomes an .eml file in the data dir's outbox. */
export function createOutboxMailer(dir: string, from: string, log: (msg: string) => void): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      const file = join(dir, `${id}.eml`);
      await writeFileAtomic(file, toEml(from, message, id, new Date()), 0o600);
      log(`mail to ${message.to} written to ${file}`);
      return file;
    },
  };
}
