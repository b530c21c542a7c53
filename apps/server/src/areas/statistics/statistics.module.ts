import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { noMailboxes, type MailboxUsage } from '../../model/mailbox-usage.ts';
import {
  createLocalTrafficLogs,
  ftpTransferLog,
  localDovecotLog,
  localPostfixLog,
} from '../../platform/traffic-logs/traffic-logs.local.ts';
import { createStatisticsStore } from './statistics.store.ts';
import { createStatisticsService } from './statistics.service.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { createTrafficRefresh } from './traffic-refresh.ts';

/** How often the scheduled job reads every domain's new log lines. */
export const REFRESH_EVERY_MS = 15 * 60_000;

/** What the statistics area gets from others, wired in areas/registry.ts. */
export interface StatisticsNeeds {
  /** MariaDB's own figure for a domain's databases (the databases area); null: unreachable. */
  databaseBytes: (domainId: number) => Promise<number | null>;
  /** Counts of other areas' objects for "other statistics" (webhosting and databases). */
  counts: (domainId: number) => Promise<{
    subdomains: number;
    databases: number;
    ftp_accounts: number;
  }>;
  /** The mail area's mailboxes, once it exists. */
  mailboxes?: MailboxUsage;
}

/** Traffic from the web, FTP and mail servers' logs, disk usage, limits: the dashboard's figures. */
export function statisticsModule(core: CoreContext, needs: StatisticsNeeds): AreaModule {
  const store = createStatisticsStore(core.db);
  const refresh = createTrafficRefresh({
    store,
    logs: createLocalTrafficLogs(() => core.clock.now()),
    homeOf: (name) => core.webspace.homeOf(name),
    ftpLog: ftpTransferLog(core.config.dataDir),
    postfixLog: core.config.statistics.postfixLog ?? localPostfixLog(core.config.dataDir),
    dovecotLog: core.config.statistics.dovecotLog ?? localDovecotLog(core.config.dataDir),
    now: () => core.clock.now(),
  });
  const svc = createStatisticsService({
    store,
    refresh,
    meter: {
      // A folder that does not exist (no httpsdocs on this layout) uses nothing.
      folder: (domain, rel) => core.webspaceFiles.size(domain, `/${rel}`).catch(() => 0),
      databases: needs.databaseBytes,
    },
    mail: needs.mailboxes ?? noMailboxes,
    counts: needs.counts,
    clock: core.clock,
  });
  return {
    name: 'statistics',
    routes: (bind) => statisticsRoutes(bind, svc),
    periodic: [{ name: 'traffic refresh', everyMs: REFRESH_EVERY_MS, run: () => refresh.all() }],
  };
}
