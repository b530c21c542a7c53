import { NodeUnavailableError, type NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import type { LogsDeps, LogsDomain } from './logs-deps.ts';

/** The scheduled rotation of each node's logs, and a deleted site's logs taken away. */
export function createLogsRotation(deps: LogsDeps) {
  const { logs, store, clock } = deps;

  /**
   * Rotates a domain's logs when one is over the size or the last rotation is older than the
   * interval (the first sweep only notes the time). Answers the logs rotated.
   */
  async function rotateDue(domain: LogsDomain, force = false): Promise<string[]> {
    const now = clock.now();
    const home = deps.homeOf(domain.name);
    const last = await store.rotatedAt(domain.id);
    const node = logs(domain.node);
    const entries = await node.list(home);
    const big = entries.some((e) => e.name.endsWith('.log') && e.size >= deps.settings.rotateBytes);
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
  }

  return {
    rotateDue,

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
            const rotated = await rotateDue(d);
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
