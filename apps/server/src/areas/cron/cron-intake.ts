import { cron } from '@haven/contract';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { CronDomain, CronTable } from '../../platform/cron/cron.port.ts';
import { NodeUnavailableError, type NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { runOfRecord } from './cron-record.ts';
import type { CronStore } from './cron.store.ts';

/** The spool and a run now need only the domain's folder: no call to make its account. */
export const spoolOf = (domain: DomainRef, home: string): CronDomain => ({
  id: domain.id,
  name: domain.name,
  home,
  owner: null,
});

/**
 * Run records from each domain's spool on its node into SQL. They are read, stored, then the
 * node forgets them: a record read twice (an answer lost) is stored once, none is lost.
 */
export function createCronIntake(deps: {
  store: CronStore;
  table: NodePorts<CronTable>;
  homeOf(domain: string): string;
  logger: Logger;
}) {
  const { store, logger } = deps;

  /** One domain's records; answers false when its node did not answer (SQL shows what it holds). */
  async function ingest(domain: DomainRef): Promise<boolean> {
    const node = deps.table(domain.node);
    const spool = spoolOf(domain, deps.homeOf(domain.name));
    let spooled;
    try {
      spooled = await node.spooled(spool);
    } catch (error) {
      if (error instanceof NodeUnavailableError) return false;
      logger.warn({ err: error, domain: domain.name }, 'cron: reading run records failed');
      return true;
    }
    if (spooled.length === 0) return true;
    const jobs = new Map((await store.jobs(domain.id)).map((j) => [j.hash, j.id]));
    for (const { record } of spooled) {
      const run = runOfRecord(record, jobs);
      if (run && !(await store.hasRun(run))) await store.addRun(run, cron.CRON_LIMITS.runsKept);
    }
    // Not forgotten (the node failed it): they are read again next time and skipped as held.
    await node
      .forget(
        spool,
        spooled.map((s) => s.file),
      )
      .catch((err: unknown) => logger.warn({ err, domain: domain.name }, 'cron: forget'));
    return true;
  }

  /**
   * Every domain with jobs, each from its own node, the nodes side by side; a node that does
   * not answer is left until next time.
   */
  async function all(domainById: (id: number) => Promise<DomainRef | undefined>): Promise<void> {
    const byNode = new Map<NodeName, DomainRef[]>();
    for (const id of await store.domainsWithJobs()) {
      const domain = await domainById(id);
      if (domain) byNode.set(domain.node, [...(byNode.get(domain.node) ?? []), domain]);
    }
    await Promise.all(
      [...byNode.values()].map(async (domains) => {
        for (const domain of domains) {
          const answered = await ingest(domain).catch((err: unknown) => {
            logger.warn({ err }, 'cron intake');
            return true;
          });
          if (!answered) return;
        }
      }),
    );
  }

  return { ingest, all };
}
