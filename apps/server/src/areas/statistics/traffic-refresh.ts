import { join } from 'node:path/posix';
import type { TrafficLogs } from '../../platform/traffic-logs/traffic-logs.port.ts';
import type { StatisticsStore } from './statistics.store.ts';

interface Domain {
  id: number;
  name: string;
}

/**
 * Reads what the logs gained since last time into the daily rows: each access log of the
 * domain's home, the server's one FTP transfer log sorted to the domains by home, and the mail
 * logs sorted by the addresses' domains. One read
 * at a time in this process, so the same bytes are never counted twice.
 */
export function createTrafficRefresh(deps: {
  store: StatisticsStore;
  logs: TrafficLogs;
  homeOf: (domain: string) => string;
  ftpLog: string;
  /** Postfix's log (SMTP) and Dovecot's (IMAP/POP3); the same file when syslog writes both. */
  postfixLog: string;
  dovecotLog: string;
  now: () => number;
}) {
  const { store, logs } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function readAccess(domain: Domain): Promise<void> {
    const home = deps.homeOf(domain.name);
    const prefix = `d${domain.id}/`;
    const cursors = await store.cursors(prefix);
    for (const name of await logs.accessLogs(home)) {
      const source = `${prefix}${name}`;
      const read = await logs.readAccess(join(home, 'logs', name), cursors.get(source) ?? null);
      if (!read.cursor) continue;
      const rows = [...read.days].flatMap(([day, b]) => [
        { domainId: domain.id, day, field: 'http_in' as const, bytes: b.in },
        { domainId: domain.id, day, field: 'http_out' as const, bytes: b.out },
      ]);
      await store.addTraffic(source, read.cursor, rows);
    }
  }

  /** The FTP log names paths; a transfer belongs to the domain whose home holds the file. */
  async function readFtp(domains: readonly Domain[]): Promise<void> {
    const byHome = new Map(domains.map((d) => [deps.homeOf(d.name), d.id]));
    const cursor = (await store.cursors('ftp')).get('ftp') ?? null;
    const read = await logs.readFtp(deps.ftpLog, [...byHome.keys()], cursor);
    if (!read.cursor) return;
    const rows = [...read.homes].flatMap(([home, days]) =>
      [...days].flatMap(([day, b]) => {
        const domainId = byHome.get(home) ?? 0;
        return [
          { domainId, day, field: 'ftp_in' as const, bytes: b.in },
          { domainId, day, field: 'ftp_out' as const, bytes: b.out },
        ];
      }),
    );
    await store.addTraffic('ftp', read.cursor, rows);
  }

  /** The mail logs name addresses: bytes belong to the domain of the address (docs/statistics.md). */
  async function readMail(domains: readonly Domain[]): Promise<void> {
    const byName = new Map(domains.map((d) => [d.name.toLowerCase(), d.id]));
    const sources = [
      { source: 'postfix', file: deps.postfixLog, read: logs.readPostfix.bind(logs), as: 'smtp' },
      {
        source: 'dovecot',
        file: deps.dovecotLog,
        read: logs.readDovecot.bind(logs),
        as: 'pop3_imap',
      },
    ] as const;
    for (const { source, file, read, as } of sources) {
      const cursor = (await store.cursors(source)).get(source) ?? null;
      const found = await read(file, [...byName.keys()], cursor);
      if (!found.cursor) continue;
      const rows = [...found.domains].flatMap(([name, days]) =>
        [...days].flatMap(([day, b]) => {
          const domainId = byName.get(name) ?? 0;
          return [
            { domainId, day, field: `${as}_in` as const, bytes: b.in },
            { domainId, day, field: `${as}_out` as const, bytes: b.out },
          ];
        }),
      );
      await store.addTraffic(source, found.cursor, rows);
    }
  }

  return {
    /** One domain now (the refresh action): its access logs, the FTP and the mail logs. */
    domain: (domain: Domain) =>
      serial(async () => {
        await readAccess(domain);
        const domains = await store.hostingDomains();
        await readFtp(domains);
        await readMail(domains);
        const at = deps.now();
        await store.setState(domain.id, { refreshed_at: at });
        return at;
      }),

    /** Every hosting domain (the scheduled job). */
    all: () =>
      serial(async () => {
        const domains = await store.hostingDomains();
        for (const d of domains) await readAccess(d);
        await readFtp(domains);
        await readMail(domains);
        const at = deps.now();
        for (const d of domains) await store.setState(d.id, { refreshed_at: at });
      }),
  };
}
export type TrafficRefresh = ReturnType<typeof createTrafficRefresh>;
