import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { addAccessLine, dayCache, parseFtpLine } from './log-lines.ts';
import { createPostfixTally, tallyDovecotLine, type DomainDays } from './mail-tally.ts';
import type { DayBytes, LogCursor, TrafficLogs } from './traffic-logs.port.ts';

/** Read size: large enough that system calls do not matter, small enough to stay flat. */
const CHUNK = 1 << 20;

/** pure-ftpd's transfer log, where the local profile's pure-ftpd writes it (`--altlog`). */
export function ftpTransferLog(dataDir: string): string {
  return join(dataDir, 'ftp', 'transfer.log');
}

/** The local profile's Postfix log (`maillog_file`, platform/mail-server/postfix-conf.ts). */
export function localPostfixLog(dataDir: string): string {
  return join(dataDir, 'services', 'postfix', 'postfix.log');
}

/** The local profile's Dovecot log (`log_path`, platform/mail-server/dovecot-conf.ts). */
export function localDovecotLog(dataDir: string): string {
  return join(dataDir, 'services', 'dovecot', 'dovecot.log');
}

/** The system's mail log on Debian, where syslog puts Postfix's and Dovecot's lines. */
export const DEBIAN_MAIL_LOG = '/var/log/mail.log';

/**
 * Calls `line` for each complete line of `file` from `offset`; answers the offset after the last
 * complete line (a line still being written is read next time).
 */
async function eachLine(
  file: string,
  offset: number,
  line: (buf: Buffer, start: number, end: number) => void,
): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(CHUNK);
    let carry = 0;
    let pos = offset;
    for (;;) {
      const { bytesRead } = await fh.read(buf, carry, CHUNK - carry, pos);
      if (bytesRead === 0) return pos - carry;
      pos += bytesRead;
      const filled = carry + bytesRead;
      let start = 0;
      for (let nl = buf.indexOf(10, 0); nl >= 0 && nl < filled; nl = buf.indexOf(10, start)) {
        line(buf, start, nl);
        start = nl + 1;
      }
      carry = filled - start;
      // A line longer than the buffer is skipped rather than growing memory with it.
      if (carry === CHUNK) carry = 0;
      else buf.copy(buf, 0, start, filled);
    }
  } finally {
    await fh.close();
  }
}

/**
 * Reads `file` on from `cursor`, following a rotation: when the live file's inode changed, the
 * rest of the old inode is read at `<file>.1` (renamed, gzipped only at the next rotation), then
 * the new file from its start. A file that shrank under the same inode was truncated: from 0.
 */
async function follow(
  file: string,
  cursor: LogCursor | null,
  line: (buf: Buffer, start: number, end: number) => void,
): Promise<LogCursor | null> {
  const live = await stat(file).catch(() => null);
  if (!live) return cursor;
  let from = 0;
  if (cursor && cursor.inode === live.ino && cursor.offset <= live.size) from = cursor.offset;
  else if (cursor && cursor.inode !== live.ino) {
    const old = await stat(`${file}.1`).catch(() => null);
    if (old && old.ino === cursor.inode && cursor.offset <= old.size)
      await eachLine(`${file}.1`, cursor.offset, line);
  }
  const offset = await eachLine(file, from, line);
  return { inode: live.ino, offset };
}

/** `now`: the clock that gives a year to log lines without one (Postfix's). */
export function createLocalTrafficLogs(now: () => number = Date.now): TrafficLogs {
  const postfix = createPostfixTally();
  const readMail = async (
    file: string,
    domains: readonly string[],
    cursor: LogCursor | null,
    tally: (text: string, known: ReadonlySet<string>, days: DomainDays, at: Date) => void,
  ) => {
    const out: DomainDays = new Map();
    const known = new Set(domains.map((d) => d.toLowerCase()));
    const at = new Date(now());
    const next = await follow(file, cursor, (buf, s, e) =>
      tally(buf.toString('utf8', s, e), known, out, at),
    );
    return { domains: out, cursor: next };
  };
  return {
    async accessLogs(home) {
      const names = await readdir(join(home, 'logs')).catch(() => [] as string[]);
      return names.filter((n) => n.endsWith('.access.log')).sort();
    },

    async readAccess(file, cursor) {
      const days = new Map<string, DayBytes>();
      const cache = dayCache();
      const next = await follow(file, cursor, (buf, s, e) => addAccessLine(buf, s, e, days, cache));
      return { days, cursor: next };
    },

    async readFtp(file, homes, cursor) {
      const out = new Map<string, Map<string, DayBytes>>();
      const prefixes = homes.map((h) => (h.endsWith('/') ? h : `${h}/`));
      const next = await follow(file, cursor, (buf, s, e) => {
        const t = parseFtpLine(buf.toString('utf8', s, e));
        if (!t) return;
        const home = prefixes.find((p) => t.path.startsWith(p));
        if (!home) return;
        const key = home.slice(0, -1);
        const days = out.get(key) ?? new Map<string, DayBytes>();
        out.set(key, days);
        const d = days.get(t.day) ?? { in: 0, out: 0 };
        if (t.upload) d.in += t.bytes;
        else d.out += t.bytes;
        days.set(t.day, d);
      });
      return { homes: out, cursor: next };
    },

    readPostfix: (file, domains, cursor) =>
      readMail(file, domains, cursor, (t, k, d, at) => postfix.line(t, k, d, at)),

    readDovecot: (file, domains, cursor) => readMail(file, domains, cursor, tallyDovecotLine),
  };
}
