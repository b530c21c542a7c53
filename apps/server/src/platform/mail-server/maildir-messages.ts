import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeHeaderWords, parseHeaders } from './message-headers.ts';

/** The folders spam training reads: the inbox and the spam folder the Sieve rule files into. */
export const TRAINING_FOLDERS = { INBOX: '', Junk: '.Junk' } as const;
export type TrainingFolder = keyof typeof TRAINING_FOLDERS;

/** One message of a mailbox as spam training shows it. */
export interface MailboxMessage {
  /** The Maildir unique name (before `:2,`): stays the same when flags change or it moves. */
  id: string;
  folder: TrainingFolder;
  from: string;
  subject: string;
  /** Epoch ms: the Date header, else the delivery time. */
  date: number;
  /** The filter's score from `X-Spam-Status: Yes, score=7.20`; null when it has none. */
  score: number | null;
  /** The filter's verdict from the same header; null when it has none. */
  spam: boolean | null;
}

/** A Maildir unique name as Dovecot and other deliverers make them; nothing else is looked up. */
export const MESSAGE_ID = /^[A-Za-z0-9][A-Za-z0-9._,=-]{0,199}$/;
const HEAD_BYTES = 32 * 1024;

interface Found {
  id: string;
  folder: TrainingFolder;
  path: string;
  delivered: number;
}

const uniqueName = (file: string) => file.split(':')[0] ?? file;

async function listFolder(maildir: string, folder: TrainingFolder): Promise<Found[]> {
  const found: Found[] = [];
  for (const sub of ['new', 'cur']) {
    const dir = join(maildir, TRAINING_FOLDERS[folder], sub);
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files) {
      const id = uniqueName(file);
      if (!MESSAGE_ID.test(id)) continue;
      // Maildir names start with the delivery time in seconds.
      const delivered = Number(/^(\d+)\./.exec(id)?.[1] ?? 0) * 1000;
      found.push({ id, folder, path: join(dir, file), delivered });
    }
  }
  return found;
}

/** A regular file's first bytes (never through a symlink). */
async function head(path: string, bytes: number): Promise<Buffer | null> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(bytes, info.size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function describe(found: Found, text: string): MailboxMessage {
  const headers = parseHeaders(text);
  const status = /^\s*(yes|no)\b(?:.*?\bscore=(-?\d+(?:\.\d+)?))?/i.exec(
    headers.get('x-spam-status') ?? '',
  );
  const dated = Date.parse(headers.get('date') ?? '');
  return {
    id: found.id,
    folder: found.folder,
    from: decodeHeaderWords(headers.get('from') ?? '').slice(0, 300),
    subject: decodeHeaderWords(headers.get('subject') ?? '').slice(0, 300),
    date: Number.isFinite(dated) ? dated : found.delivered,
    score: status?.[2] !== undefined ? Number(status[2]) : null,
    spam: status ? status[1]?.toLowerCase() === 'yes' : null,
  };
}

/** The newest `limit` messages of the inbox and the spam folder, newest first. */
export async function recentMessages(maildir: string, limit: number): Promise<MailboxMessage[]> {
  const all = [
    ...(await listFolder(maildir, 'INBOX')),
    ...(await listFolder(maildir, 'Junk')),
  ].sort((a, b) => b.delivered - a.delivered || b.id.localeCompare(a.id));
  const out: MailboxMessage[] = [];
  for (const found of all.slice(0, limit)) {
    const bytes = await head(found.path, HEAD_BYTES);
    if (bytes) out.push(describe(found, bytes.toString('utf8')));
  }
  return out;
}

/** The whole message with this unique name in the inbox or the spam folder, or null. */
export async function messageSource(
  maildir: string,
  id: string,
  maxBytes: number,
): Promise<Buffer | null> {
  if (!MESSAGE_ID.test(id)) return null;
  for (const folder of Object.keys(TRAINING_FOLDERS) as TrainingFolder[]) {
    const hit = (await listFolder(maildir, folder)).find((f) => f.id === id);
    if (hit) return head(hit.path, maxBytes);
  }
  return null;
}
