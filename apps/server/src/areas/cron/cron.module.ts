import type { CronTables } from './cron.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { CronTable } from '../../platform/cron/cron.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import type { DomainRef } from '../../model/principal.ts';
import { createCronStore } from './cron.store.ts';
import { createCronService } from './cron.service.ts';
import { cronRoutes } from './cron.routes.ts';

const INTAKE_MS = 5 * 60_000;

/** The ports the cron area drives on a domain's node (agent/adapters/cron.ts). */
export interface CronPorts {
  cron: NodePorts<CronTable>;
  webspace: NodePorts<Pick<NodeWebspace, 'ensureOwner'>>;
}

/**
 * Cron jobs (docs/cron.md). Debian profile: the system cron daemon, one crontab per domain user
 * (`crontab -u`); local profile: the crontab files only, read by the node's supervised scheduler.
 */
export function cronModule(
  core: CoreContext,
  needs: { ftpAccounts: FtpAccounts },
  ports: CronPorts,
): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<CronTables>();
  const store = createCronStore(db);
  const log = core.logger.child({ component: 'cron' });
  const svc = createCronService({
    store,
    ftpAccounts: needs.ftpAccounts,
    table: ports.cron,
    webspace: ports.webspace,
    homeOf: (domain) => core.webspace.homeOf(domain),
    clock: core.clock,
    logger: log,
  });
  /**
   * Run records also come in without anyone looking, so each node's spools stay small: every
   * domain with jobs, from its own node; a node that does not answer is skipped until next time.
   */
  async function intake(): Promise<void> {
    const byNode = new Map<NodeName, DomainRef[]>();
    for (const id of await store.domainsWithJobs()) {
      const row = await core.customers.domainById(id);
      if (!row) continue;
      const domain = toDomainRef(row);
      byNode.set(domain.node, [...(byNode.get(domain.node) ?? []), domain]);
    }
    await Promise.all(
      [...byNode.values()].map(async (domains) => {
        for (const domain of domains) {
          const answered = await svc
            .ingest(domain)
            .catch((err: unknown) => (log.warn({ err }, 'cron intake'), true));
          if (!answered) return;
        }
      }),
    );
  }

  return {
    name: 'cron',
    routes: (bind) => cronRoutes(bind, svc),
    async reconcile(domain) {
      await svc.ingest(domain);
      const { changed, skipped } = await svc.apply(domain);
      const at = { domain: domain.name, area: 'cron' };
      return [
        ...(changed
          ? [{ ...at, text: `crontab of ${domain.name} differed from the panel: written again` }]
          : []),
        ...skipped.map((name) => ({
          ...at,
          repaired: false,
          text: `cron job "${name}" of ${domain.name} uses a PHP version that is no longer installed: it does not run`,
        })),
      ];
    },
    periodic: [{ name: 'run records intake', everyMs: INTAKE_MS, run: intake }],
  };
}
