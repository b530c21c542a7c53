const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The day a syslog-style line starts with: `2026-11-26T10:00:00...` / `2026-11-26 10:00:00`
 * (rsyslog's newer default, and the local Dovecot's `log_timestamp`), or `Nov 26 10:00:00`
 * (Postfix's own log file, classic syslog), which has no year: the year of `now`, or the year
 * before for a month after now's (a December line read in January). Null for another line.
 */
export function mailLogDay(line: string, now: Date): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ]/.exec(line);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const m = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) \d{2}:/.exec(line);
  const month = m ? MONTHS.indexOf(m[1] ?? '') : -1;
  if (!m || month < 0) return null;
  const year = now.getUTCFullYear() - (month > now.getUTCMonth() ? 1 : 0);
  return `${year}-${pad(month + 1)}-${pad(Number(m[2]))}`;
}

/** The domain of an address (lower case), or null when it has none. */
export function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1 ? address.slice(at + 1).toLowerCase() : null;
}

/** What one Postfix line says about a queued message; null for any other line. */
export type PostfixEvent =
  | { kind: 'queued'; id: string; from: string; size: number }
  | { kind: 'sent'; id: string; day: string; to: string }
  | { kind: 'removed'; id: string };

const POSTFIX = /\bpostfix[\w.-]*(?:\/[\w.-]+)*\/(\w+)\[\d+\]: ([0-9A-Za-z]+): (.*)$/;

/**
 * A Postfix line: qmgr's `from=<a@b>, size=N, nrcpt=K (queue active)`, a delivery agent's
 * `to=<x@d>, ... status=sent (...)` (lmtp, virtual, smtp...), or qmgr's `removed`.
 */
export function parsePostfixLine(line: string, now: Date): PostfixEvent | null {
  const m = POSTFIX.exec(line.trimEnd());
  if (!m) return null;
  const [, daemon, id = '', rest = ''] = m;
  if (daemon === 'qmgr') {
    if (rest === 'removed') return { kind: 'removed', id };
    const q = /^from=<([^>]*)>, size=(\d+),/.exec(rest);
    return q ? { kind: 'queued', id, from: q[1] ?? '', size: Number(q[2]) } : null;
  }
  const s = /^to=<([^>]+)>,.* status=sent /.exec(rest);
  const day = s ? mailLogDay(line, now) : null;
  return s && day ? { kind: 'sent', id, day, to: s[1] ?? '' } : null;
}

/** One IMAP or POP3 session's bytes from Dovecot's logout line. */
export interface DovecotSession {
  day: string;
  user: string;
  in: number;
  out: number;
}

const DOVECOT = /\b(?:imap|pop3)\(([^)\s]+)\)(?:<[^>]*>)*: (?:Info: )?(.*)$/;

/**
 * Dovecot's line at the end of an IMAP or POP3 session, with the bytes the client sent (`in`)
 * and received (`out`): `imap(x@d)<pid><session>: Info: Logged out in=N out=M ...`, also on
 * a disconnect (`Disconnected: ... in=N out=M`). Needs `in=%i out=%o` in `imap_logout_format`
 * (Dovecot's default) and `pop3_logout_format` (not the default). Null for another line.
 */
export function parseDovecotLine(line: string, now: Date): DovecotSession | null {
  const m = DOVECOT.exec(line.trimEnd());
  const bytes = m ? /(?:^|\s)in=(\d+) out=(\d+)(?:\s|$)/.exec(m[2] ?? '') : null;
  const day = bytes ? mailLogDay(line, now) : null;
  if (!m || !bytes || !day) return null;
  return { day, user: m[1] ?? '', in: Number(bytes[1]), out: Number(bytes[2]) };
}
