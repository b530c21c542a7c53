import type { DayBytes } from './traffic-logs.port.ts';

const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

const LBRACKET = 0x5b;
const SPACE = 0x20;

/** The day of the previous line: lines come in time order, so it rarely changes. */
export interface DayCache {
  raw: Buffer;
  day: string | null;
}

export const dayCache = (): DayCache => ({ raw: Buffer.alloc(11), day: null });

/**
 * `25/Nov/2026` (the log's own day, in the server's time zone as written) as `2026-11-25`, or
 * null. Lines are parsed on the bytes, not as strings: reading a gigabyte of log is what the
 * aggregation costs, and decoding each line would double it.
 */
function dayAt(buf: Buffer, at: number, cache: DayCache): string | null {
  if (cache.day !== null && buf.compare(cache.raw, 0, 11, at, at + 11) === 0) return cache.day;
  const text = buf.toString('latin1', at, at + 11);
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4})$/.exec(text);
  const month = m ? MONTHS[m[2] ?? ''] : undefined;
  const day = m && month ? `${m[3]}-${month}-${m[1]}` : null;
  if (day) {
    buf.copy(cache.raw, 0, at, at + 11);
    cache.day = day;
  }
  return day;
}

/** The number that ends at `end` (exclusive) going backwards, and where it starts; null if none. */
function numberBefore(buf: Buffer, end: number): { value: number; start: number } | null {
  let i = end - 1;
  let value = 0;
  let scale = 1;
  while (i >= 0) {
    const c = buf[i] ?? 0;
    if (c < 0x30 || c > 0x39) break;
    value += (c - 0x30) * scale;
    scale *= 10;
    i--;
  }
  return i === end - 1 ? null : { value, start: i + 1 };
}

function add(days: Map<string, DayBytes>, day: string, inBytes: number, outBytes: number) {
  const d = days.get(day);
  if (d) {
    d.in += inBytes;
    d.out += outBytes;
  } else days.set(day, { in: inBytes, out: outBytes });
}

/**
 * Adds one access-log line (`buf[start, end)`, no newline) of nginx's `log_format haven`: the
 * `combined` format followed by ` $request_length $bytes_sent`. A line without the two
 * numbers (written before the format existed) counts its body bytes as out.
 */
export function addAccessLine(
  buf: Buffer,
  start: number,
  end: number,
  days: Map<string, DayBytes>,
  cache: DayCache,
): void {
  const open = buf.indexOf(LBRACKET, start);
  if (open < 0 || open + 12 > end) return;
  const day = dayAt(buf, open + 1, cache);
  if (!day) return;
  let e = end;
  if (buf[e - 1] === 0x0d) e--;
  const sent = numberBefore(buf, e);
  if (!sent || buf[sent.start - 1] !== SPACE) return;
  const received = numberBefore(buf, sent.start - 1);
  // Combined ends with a quoted user agent; haven adds two numbers after it.
  if (received && buf[received.start - 1] === SPACE && buf[received.start - 2] === 0x22)
    add(days, day, received.value, sent.value);
}

/**
 * pure-ftpd's `clf` transfer line: `host - user [25/Nov/2026:10:00:00 +0000] "PUT /path" 200 1234`.
 * Answers the day, direction and bytes, and the file's path; null for another line.
 */
export function parseFtpLine(
  line: string,
): { day: string; path: string; upload: boolean; bytes: number } | null {
  const m = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):[^\]]*\] "(GET|PUT) (.*)" \d+ (\d+)\s*$/.exec(
    line,
  );
  const month = m ? MONTHS[m[2] ?? ''] : undefined;
  if (!m || !month) return null;
  return {
    day: `${m[3]}-${month}-${m[1]}`,
    path: m[5] ?? '',
    upload: m[4] === 'PUT',
    bytes: Number(m[6]),
  };
}
