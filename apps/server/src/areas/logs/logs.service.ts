import { LOG_LIMITS, LOG_NAME_PATTERN, type LogFile, type LogFilter } from '@haven/contract/logs';
import { fail } from './logs.errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import { LOCAL_NODE, type NodePorts } from '../../model/node-ports.ts';
import {
  NodeCallError,
  NodeUnavailableError,
  type NodeName,
} from '../../platform/node-bus/node-bus.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { siteLogFailure } from '../../platform/site-logs/site-logs.remote.ts';
import type { FileResult } from '../../model/files.ts';
import {
  SiteLogError,
  type LogEntry,
  type SiteLogs,
} from '../../platform/site-logs/site-logs.port.ts';
import type { LogsStore } from './logs.store.ts';
import type { LogsSettings } from './logs.settings.ts';

/** A domain as the logs area reaches it: its home's name and the node that serves it. */
type LogsDomain = { id: number; name: string; node: NodeName };

export interface LogsDeps {
  /** The site logs of each node: a domain's calls go to `logs(domain.node)`. */
  logs: NodePorts<SiteLogs>;
  store: LogsStore;
  clock: Clock;
  logger: Logger;
  settings: LogsSettings;
  /** The home of a domain (the webspace's `homeOf`). */
  homeOf(domain: string): string;
  /** Makes the node's web server reopen its logs after a rotation (webhosting's export). */
  reopenLogs(node: NodeName): Promise<boolean>;
  domainById(id: number): Promise<{ name: string; node: NodeName } | undefined>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toLogFile(e: LogEntry): LogFile | null {
  const m = LOG_NAME_PATTERN.exec(e.name);
  if (!m) return null; // not one of nginx's logs (a customer's own file): not listed
  const compression = e.name.endsWith('.gz') ? 'gz' : 'none';
  return {
    name: e.name,
    filesize: e.size,
    compression,
    kind: m[1] === 'error' ? 'error' : 'access',
    modified: iso(e.modified),
    viewable: compression === 'none' && e.size <= LOG_LIMITS.viewerMaxBytes,
  };
}

/** Current logs first (by name), then each one's generations oldest last. */
function order(a: LogFile, b: LogFile): number {
  const gen = (n: string) => Number(/\.log\.(\d+)/.exec(n)?.[1] ?? 0);
  const base = (n: string) => n.replace(/\.log\..*$/, '.log');
  return base(a.name).localeCompare(base(b.name)) || gen(a.name) - gen(b.name);
}

/**
 * The domain's logs: list, pages read backwards, a streamed filter, downloads by ticket, and the
 * scheduled rotation. Every name is judged here (the contract's pattern) and again on disk by
 * the site-logs adapter (no links, nothing outside the logs folder).
 */
export function createLogsService(deps: LogsDeps) {
  const { logs, store, clock } = deps;

  function checkName(name: string): void {
    if (name.includes('/') || name.includes('\\') || name.includes('..') || name.includes('\0'))
      throw fail('log_refused', 'forbidden');
    if (!LOG_NAME_PATTERN.test(name)) throw fail('log_not_found', 'not_found');
  }

  async function guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (caught) {
      // A read the node refused comes back as its call's failure: its reason is kept.
      const error = caught instanceof NodeCallError ? siteLogFailure(caught) : caught;
      if (error instanceof SiteLogError)
        throw error.reason === 'refused'
          ? fail('log_refused', 'forbidden')
          : fail('log_not_found', 'not_found');
      throw error;
    }
  }

  async function file(domain: DomainRef, name: string): Promise<LogFile> {
    checkName(name);
    const entry = await guarded(() => logs(domain.node).stat(deps.homeOf(domain.name), name));
    const f = toLogFile(entry);
    if (!f) throw fail('log_not_found', 'not_found');
    return f;
  }

  async function viewable(domain: DomainRef, name: string): Promise<LogFile> {
    const f = await file(domain, name);
    if (!f.viewable) throw fail('log_not_viewable', 'conflict');
    return f;
  }

  return {
    async list(domain: DomainRef): Promise<{ logs: LogFile[] }> {
      const entries = await guarded(() => logs(domain.node).list(deps.homeOf(domain.name)));
      const files = entries.map(toLogFile).filter((f): f is LogFile => f !== null);
      return { logs: files.sort(order) };
    },

    async page(domain: DomainRef, name: string, page: number) {
      const log = await viewable(domain, name);
      const home = deps.homeOf(domain.name);
      const p = await guarded(() => logs(domain.node).page(home, name, page, LOG_LIMITS.pageLines));
      if (!p.inRange) throw fail('page_out_of_range', 'invalid');
      return { log, page, lines: p.lines, has_older: p.hasOlder };
    },

    async filter(domain: DomainRef, name: string, q: LogFilter) {
      await viewable(domain, name);
      const home = deps.homeOf(domain.name);
      const m = await guarded(() =>
        logs(domain.node).filter(
          home,
          name,
          { text: q.text?.toLowerCase() || undefined, status: q.status, client: q.client },
          LOG_LIMITS.filterMaxLines,
        ),
      );
      return { lines: m.lines, matched: m.matched };
    },

    async ticket(domain: DomainRef, name: string) {
      await file(domain, name);
      const token = randomToken(32);
      const now = clock.now();
      const ttl = LOG_LIMITS.ticketSeconds * 1000;
      await store.addTicket(sha256Hex(token), domain.id, name, now, now + ttl);
      return { ticket: token, expires_in: LOG_LIMITS.ticketSeconds };
    },

    async download(domainName: string, name: string, token: string): Promise<FileResult> {
      const row = await store.redeemTicket(sha256Hex(token), clock.now());
      const domain = row && (await deps.domainById(row.domain_id));
      if (!row || !domain || domain.name !== domainName.toLowerCase() || row.name !== name)
        throw fail('ticket_invalid', 'not_found');
      checkName(name);
      // A stream cannot cross the bus yet: `open` reads this machine's disk (site-logs.remote.ts).
      if (domain.node !== LOCAL_NODE)
        throw new NodeUnavailableError(domain.node, 'downloads from this node are not served yet');
      const f = await guarded(() => logs(domain.node).open(deps.homeOf(domain.name), name));
      return {
        stream: f.stream,
        filename: name,
        contentType: name.endsWith('.gz') ? 'application/gzip' : 'text/plain; charset=utf-8',
        size: f.size,
      };
    },

    /**
     * Rotates a domain's logs when one is over the size or the last rotation is older than the
     * interval (the first sweep only notes the time). Answers the logs rotated.
     */
    async rotateDue(domain: LogsDomain, force = false): Promise<string[]> {
      const now = clock.now();
      const home = deps.homeOf(domain.name);
      const last = await store.rotatedAt(domain.id);
      const node = logs(domain.node);
      const entries = await node.list(home);
      const big = entries.some(
        (e) => e.name.endsWith('.log') && e.size >= deps.settings.rotateBytes,
      );
      if (last === undefined && !force && !big) {
        await store.setRotatedAt(domain.id, now); // the first look only starts the clock
        return [];
      }
      const due = force || big || (last !== undefined && now - last >= deps.settings.rotateEveryMs);
      if (!due) return [];
      let rotated: string[];
      try {
        rotated = await node.rotate(home, deps.settings.keep);
      } catch (error) {
        // Queued on a node that is behind: it rotates when it is back (and reopens nothing now).
        if (!(error instanceof ChangePendingError)) throw error;
        rotated = [];
      }
      await store.setRotatedAt(domain.id, now);
      if (rotated.length > 0) await deps.reopenLogs(domain.node);
      return rotated;
    },

    /** A deleted subdomain's logs go with it: the list shows only the sites that exist. */
    async siteRemoved(ref: { id: number; name: string }, site: string): Promise<string[]> {
      const domain = await deps.domainById(ref.id);
      if (!domain) return []; // the domain went, and its home with its logs
      const removed = await logs(domain.node)
        .removeSite(deps.homeOf(domain.name), site)
        .catch((error: unknown) => {
          // Queued on a node that is behind: the logs go when it is back.
          if (error instanceof ChangePendingError) return [];
          throw error;
        });
      if (removed.length)
        deps.logger.info({ domain: domain.name, site, removed }, 'logs: removed a deleted site');
      return removed;
    },

    /**
     * One sweep over every hosting domain, each node's domains on that node, the nodes side by
     * side; a failing domain is logged, the others go on; a node that does not answer is left
     * until the next sweep.
     */
    async sweep(): Promise<void> {
      const byNode = new Map<NodeName, LogsDomain[]>();
      for (const d of await store.hostingDomains())
        byNode.set(d.node, [...(byNode.get(d.node) ?? []), d]);
      const sweepNode = async (domains: LogsDomain[]) => {
        for (const d of domains) {
          try {
            const rotated = await this.rotateDue(d);
            if (rotated.length)
              deps.logger.info({ domain: d.name, rotated }, 'logs: rotated the web server logs');
          } catch (error) {
            deps.logger.warn({ domain: d.name, err: error }, 'logs: rotation failed');
            if (error instanceof NodeUnavailableError) return;
          }
        }
      };
      await Promise.all([...byNode.values()].map(sweepNode));
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
