import type { PortSpec } from '../node-bus/port-spec.ts';
import type { DayBytes, FtpRead, LogCursor, MailRead, TrafficLogs } from './traffic-logs.port.ts';

/**
 * The traffic logs of one node. The access logs lie in the homes (the panel names them, every
 * node lays homes out alike); the FTP and mail logs are the node's own servers', at the places
 * the node's configuration gives, so the panel names only what to sort them to.
 */
export interface NodeTrafficLogs {
  accessLogs: TrafficLogs['accessLogs'];
  readAccess: TrafficLogs['readAccess'];
  readFtp(homes: readonly string[], cursor: LogCursor | null): Promise<FtpRead>;
  readPostfix(domains: readonly string[], cursor: LogCursor | null): Promise<MailRead>;
  readDovecot(domains: readonly string[], cursor: LogCursor | null): Promise<MailRead>;
}

/** Where the node's own servers write their logs. */
export interface NodeLogFiles {
  ftp: string;
  postfix: string;
  dovecot: string;
}

/**
 * A node's traffic logs over its adapter. A read advances nothing on the panel until the panel
 * stores its answer with the new cursor; the Postfix tally, though, marks what it counted. So a
 * read that moved on is kept, and asked again with the same cursor (its answer was lost) it is
 * answered again rather than read again, which would count nothing the second time.
 */
export function nodeTrafficLogs(logs: TrafficLogs, files: NodeLogFiles): NodeTrafficLogs {
  const last = new Map<string, { key: string; answer: unknown }>();
  const once = async <R extends { cursor: LogCursor | null }>(
    file: string,
    cursor: LogCursor | null,
    names: readonly string[],
    read: () => Promise<R>,
  ): Promise<R> => {
    const key = JSON.stringify([cursor, names]);
    const kept = last.get(file);
    if (kept?.key === key) return kept.answer as R;
    const answer = await read();
    const moved = JSON.stringify(answer.cursor) !== JSON.stringify(cursor);
    // An answer that did not move the cursor counted nothing: reading again loses nothing.
    if (moved) last.set(file, { key, answer });
    else last.delete(file);
    return answer;
  };
  return {
    accessLogs: (home) => logs.accessLogs(home),
    readAccess: (file, cursor) => once(file, cursor, [], () => logs.readAccess(file, cursor)),
    readFtp: (homes, cursor) =>
      once(files.ftp, cursor, homes, () => logs.readFtp(files.ftp, homes, cursor)),
    readPostfix: (domains, cursor) =>
      once(files.postfix, cursor, domains, () => logs.readPostfix(files.postfix, domains, cursor)),
    readDovecot: (domains, cursor) =>
      once(files.dovecot, cursor, domains, () => logs.readDovecot(files.dovecot, domains, cursor)),
  };
}

type Days = Map<string, DayBytes>;
type DaysEntries = [string, DayBytes][];
type NestedEntries = [string, DaysEntries][];

const nested = {
  encode: (m: Map<string, Days>): NestedEntries => [...m].map(([k, days]) => [k, [...days]]),
  decode: (v: unknown): Map<string, Days> =>
    new Map((v as NestedEntries).map(([k, days]) => [k, new Map(days)])),
};

/**
 * The traffic logs port across the bus: every method a read (the panel keeps the cursors and
 * stores what a read found with its new cursor in one transaction). The answers' Maps cross as
 * entries.
 */
export const trafficLogsRemote: PortSpec<NodeTrafficLogs> = {
  name: 'traffic-logs',
  methods: {
    accessLogs: { kind: 'read' },
    readAccess: {
      kind: 'read',
      timeoutMs: 30_000,
      encode: (r) => ({ days: [...r.days], cursor: r.cursor }),
      decode: (v) => {
        const r = v as { days: DaysEntries; cursor: LogCursor | null };
        return { days: new Map(r.days), cursor: r.cursor };
      },
    },
    readFtp: {
      kind: 'read',
      timeoutMs: 30_000,
      encode: (r) => ({ homes: nested.encode(r.homes), cursor: r.cursor }),
      decode: (v) => {
        const r = v as { homes: NestedEntries; cursor: LogCursor | null };
        return { homes: nested.decode(r.homes), cursor: r.cursor };
      },
    },
    readPostfix: { kind: 'read', timeoutMs: 30_000, ...mailCodec() },
    readDovecot: { kind: 'read', timeoutMs: 30_000, ...mailCodec() },
  },
};

function mailCodec() {
  return {
    encode: (r: MailRead) => ({ domains: nested.encode(r.domains), cursor: r.cursor }),
    decode: (v: unknown): MailRead => {
      const r = v as { domains: NestedEntries; cursor: LogCursor | null };
      return { domains: nested.decode(r.domains), cursor: r.cursor };
    },
  };
}
