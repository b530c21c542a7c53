import type { CronTables } from './cron.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { CronTable } from '../../platform/cron/cron.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import { createCronStore } from './cron.store.ts';
import { createCronService } from './cron.service.ts';
import { createCronIntake } from './cron-intake.ts';
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
  const homeOf = (domain: string) => core.webspace.homeOf(domain);
  const svc = createCronService({
    store,
    ftpAccounts: needs.ftpAccounts,
    table: ports.cron,
    webspace: ports.webspace,
    homeOf,
    clock: core.clock,
    logger: log,
  });
  // Run records also come in without anyone looking, so each node's spools stay small.
  const intake = createCronIntake({ store, table: ports.cron, homeOf, logger: log });
  const domainById = async (id: number) => {
    const row = await core.customers.domainById(id);
    return row && toDomainRef(row);
  };

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
    periodic: [
      { name: 'run records intake', everyMs: INTAKE_MS, run: () => intake.all(domainById) },
    ],
  };
}
