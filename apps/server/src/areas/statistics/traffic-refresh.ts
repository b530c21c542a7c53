import { join } from 'node:path/posix';
import type { NodeTrafficLogs } from '../../platform/traffic-logs/traffic-logs.remote.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { LOCAL_NODE, type NodePorts } from '../../model/node-ports.ts';
import type { StatisticsStore } from './statistics.store.ts';

interface Domain {
  id: number;
  name: string;
  node: NodeName;
}

/** A node's own log (FTP, Postfix, Dovecot) keeps its cursor apart from another node's. */
const sourceOf = (name: string, node: NodeName) => (node === LOCAL_NODE ? name : `${name}@${node}`);

/**
 * Reads what the logs gained since last time into the daily rows: each access log of the
 * domain's home, each node's one FTP transfer log sorted to its domains by home, and its mail
 * logs sorted by the addresses' domains, each on the node that serves the domain. One read at a
 * time in this process, so the same bytes are never counted twice. No port call runs inside a
 * transaction: a read's answer and its new cursor are stored together after it.
 */
export function createTrafficRefresh(deps: {
  store: StatisticsStore;
  logs: NodePorts<NodeTrafficLogs>;
  homeOf: (domain: string) => string;
  now: () => number;
}) {
  const { store } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function readAccess(domain: Domain): Promise<void> {
    const logs = deps.logs(domain.node);
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
  async function readFtp(node: NodeName, domains: readonly Domain[]): Promise<void> {
    const byHome = new Map(domains.map((d) => [deps.homeOf(d.name), d.id]));
    const source = sourceOf('ftp', node);
    const cursor = (await store.cursors(source)).get(source) ?? null;
    const read = await deps.logs(node).readFtp([...byHome.keys()], cursor);
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
    await store.addTraffic(source, read.cursor, rows);
  }

  /** The mail logs name addresses: bytes belong to the domain of the address (docs/statistics.md). */
  async function readMail(node: NodeName, domains: readonly Domain[]): Promise<void> {
    const logs = deps.logs(node);
    const byName = new Map(domains.map((d) => [d.name.toLowerCase(), d.id]));
    const sources = [
      { name: 'postfix', read: logs.readPostfix.bind(logs), as: 'smtp' },
      { name: 'dovecot', read: logs.readDovecot.bind(logs), as: 'pop3_imap' },
    ] as const;
    for (const { name, read, as } of sources) {
      const source = sourceOf(name, node);
      const cursor = (await store.cursors(source)).get(source) ?? null;
      const found = await read([...byName.keys()], cursor);
      if (!found.cursor) continue;
      const rows = [...found.domains].flatMap(([domain, days]) =>
        [...days].flatMap(([day, b]) => {
          const domainId = byName.get(domain) ?? 0;
          return [
            { domainId, day, field: `${as}_in` as const, bytes: b.in },
            { domainId, day, field: `${as}_out` as const, bytes: b.out },
          ];
        }),
      );
      await store.addTraffic(source, found.cursor, rows);
    }
  }

  /** The hosting domains of one node. */
  const ofNode = async (node: NodeName) =>
    (await store.hostingDomains()).filter((d) => d.node === node);

  /** Every node's hosting domains, by node. */
  async function byNode(): Promise<Map<NodeName, Domain[]>> {
    const nodes = new Map<NodeName, Domain[]>();
    for (const d of await store.hostingDomains())
      nodes.set(d.node, [...(nodes.get(d.node) ?? []), d]);
    return nodes;
  }

  return {
    /** One domain now (the refresh action): its access logs, its node's FTP and mail logs. */
    domain: (domain: Domain) =>
      serial(async () => {
        await readAccess(domain);
        const domains = await ofNode(domain.node);
        await readFtp(domain.node, domains);
        await readMail(domain.node, domains);
        const at = deps.now();
        await store.setState(domain.id, { refreshed_at: at });
        return at;
      }),

    /**
     * Every hosting domain (the scheduled job), node by node: a node that does not answer is
     * left for the next run, the others go on; its failure is answered once all are done.
     */
    all: () =>
      serial(async () => {
        const failures: unknown[] = [];
        for (const [node, domains] of await byNode()) {
          try {
            for (const d of domains) await readAccess(d);
            await readFtp(node, domains);
            await readMail(node, domains);
            const at = deps.now();
            for (const d of domains) await store.setState(d.id, { refreshed_at: at });
          } catch (error) {
            failures.push(error);
          }
        }
        if (failures.length > 0) throw failures[0];
      }),
  };
}
export type TrafficRefresh = ReturnType<typeof createTrafficRefresh>;
