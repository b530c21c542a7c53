import { LOG_LIMITS, LOG_NAME_PATTERN, type LogFile, type LogFilter } from '@haven/contract/logs';
import { fail } from './logs.errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { DomainRef } from '../../model/principal.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import type { FileResult } from '../../model/files.ts';
import { SiteLogError, type LogEntry } from '../../platform/site-logs/site-logs.port.ts';
import type { LogsDeps } from './logs-deps.ts';
import { createLogsRotation } from './logs-rotation.ts';

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
    } catch (error) {
      // The node's refusals come back rebuilt as SiteLogError (site-logs.remote.ts).
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

    ...createLogsRotation(deps),
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
