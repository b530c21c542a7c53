import type { LineFilter } from './site-logs.port.ts';

/**
 * nginx's `combined` format starts `$remote_addr - $remote_user [$time_local] "$request" $status`;
 * Haven appends fields at the end (` $request_length $bytes_sent`), so only this prefix is read.
 * nginx escapes a `"` inside the request as `\x22`, so the quoted request holds no quote.
 */
const ACCESS_PREFIX = /^(\S+) \S+ \S+ \[[^\]]*\] "[^"]*" (\d{3}) /;
/** An error log line names its client as `client: <addr>,`. */
const ERROR_CLIENT = /, client: ([0-9a-fA-F:.]+)(?:,|$)/;

export interface AccessFields {
  client: string;
  status: number;
}

/** The client address and status of an access log line; null for anything else. */
export function accessFields(line: string): AccessFields | null {
  const m = ACCESS_PREFIX.exec(line);
  return m?.[1] && m[2] ? { client: m[1], status: Number(m[2]) } : null;
}

/** A predicate for one line; `text` is compared case-insensitively. */
export function lineMatcher(filter: LineFilter): (line: string) => boolean {
  const text = filter.text?.toLowerCase();
  const client = filter.client?.toLowerCase();
  return (line) => {
    if (text && !line.toLowerCase().includes(text)) return false;
    if (filter.status === undefined && !client) return true;
    const access = accessFields(line);
    if (filter.status !== undefined && access?.status !== filter.status) return false;
    if (client) {
      const addr = access?.client ?? ERROR_CLIENT.exec(line)?.[1];
      if (addr?.toLowerCase() !== client) return false;
    }
    return true;
  };
}
