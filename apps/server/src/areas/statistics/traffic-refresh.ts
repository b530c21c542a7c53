import { join } from 'node:path/posix';
import type { TrafficLogs } from '../../platform/traffic-logs/traffic-logs.port.ts';
import type { StatisticsStore } from './statistics.store.ts';

interface Domain {
  id: number;
  name: string;
}

/**
 * Reads what the logs gained since last time into the daily rows: each access log of the
 * domain's home, and the server's one FTP transfer log sorted to the domains by home. One read
 * at a time in this process, so the same bytes are never counted twice.
 */
export function createTrafficRefresh(deps: {
  store: StatisticsStore;
  logs: TrafficLogs;
  homeOf: (domain: string) => string;
  ftpLog: string;
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

  return {
    /** One domain now (the refresh action): its access logs and the FTP log. */
    domain: (domain: Domain) =>
      serial(async () => {
        await readAccess(domain);
        await readFtp(await store.hostingDomains());
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
        const at = deps.now();
        for (const d of domains) await store.setState(d.id, { refreshed_at: at });
      }),
  };
}
export type TrafficRefresh = ReturnType<typeof createTrafficRefresh>;
