import { join } from 'node:path';
import type { CronTables } from './cron.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import { createCronFiles } from '../../platform/cron/cron.files.ts';
import type { CronTable } from '../../platform/cron/cron.port.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import { createCronStore } from './cron.store.ts';
import { createCronService } from './cron.service.ts';
import { cronRoutes } from './cron.routes.ts';

const INTAKE_MS = 5 * 60_000;

/**
 * Cron jobs (docs/cron.md). Debian profile: the system cron daemon, one crontab per domain user
 * (`crontab -u`); local profile: the crontab files only, read by the supervised scheduler.
 */
export function cronModule(
  core: CoreContext,
  needs: { ftpAccounts: FtpAccounts; table?: CronTable },
): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<CronTables>();
  const table =
    needs.table ??
    createCronFiles({
      root: join(core.config.dataDir, 'cron'),
      mode: core.config.profile === 'debian' ? 'system' : 'local',
    });
  const store = createCronStore(db);
  const log = core.logger.child({ component: 'cron' });
  const svc = createCronService({
    store,
    ftpAccounts: needs.ftpAccounts,
    table,
    webspace: core.webspace,
    clock: core.clock,
    logger: log,
  });
  /** Run records also come in without anyone looking, so the spool stays small. */
  async function intake(): Promise<void> {
    for (const id of await store.domainsWithJobs()) {
      const row = await core.customers.domainById(id);
      if (row)
        await svc
          .ingest(toDomainRef(row))
          .catch((err: unknown) => log.warn({ err }, 'cron intake'));
    }
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
