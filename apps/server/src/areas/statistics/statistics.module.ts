import type { CoreContext } from '../../core.ts';
import type { StatisticsSettings } from './statistics.settings.ts';
import type { StatisticsTables } from './statistics.tables.ts';
import type { AreaModule } from '../area.ts';
import type { DiskUsageSource } from '../../model/disk-usage.ts';
import { noMailboxes, type MailboxUsage } from '../../model/mailbox-usage.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeTrafficLogs } from '../../platform/traffic-logs/traffic-logs.remote.ts';
import { createStatisticsStore } from './statistics.store.ts';
import { createStatisticsService } from './statistics.service.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { createTrafficRefresh } from './traffic-refresh.ts';

/** How often the scheduled job reads every domain's new log lines (and once at start). */
export const REFRESH_EVERY_MS = 5 * 60_000;

/** What the statistics area gets from others, wired in areas/registry.ts. */
export interface StatisticsNeeds {
  /** The domain's disk usage: the file manager's quota's one measurement. */
  diskUsage: DiskUsageSource;
  /** Counts of other areas' objects for "other statistics" (webhosting and databases). */
  counts: (domainId: number) => Promise<{
    subdomains: number;
    databases: number;
    ftp_accounts: number;
  }>;
  /** The mail area's mailboxes (passed in areas/registry.ts; none when left out). */
  mailboxes?: MailboxUsage;
}

/** The ports the statistics area reads on each node (agent/adapters/statistics.ts). */
export interface StatisticsPorts {
  trafficLogs: NodePorts<NodeTrafficLogs>;
}

/**
 * Traffic from the web, FTP and mail servers' logs on each node, disk usage, limits: the
 * dashboard's figures. The mail logs' places are each node's own settings (HAVEN_POSTFIX_LOG...).
 */
export function statisticsModule(
  core: CoreContext,
  _settings: StatisticsSettings,
  needs: StatisticsNeeds,
  ports: StatisticsPorts,
): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<StatisticsTables>();
  const store = createStatisticsStore(db);
  const refresh = createTrafficRefresh({
    store,
    logs: ports.trafficLogs,
    homeOf: (name) => core.webspace.homeOf(name),
    now: () => core.clock.now(),
  });
  const svc = createStatisticsService({
    store,
    refresh,
    disk: needs.diskUsage,
    mail: needs.mailboxes ?? noMailboxes,
    counts: needs.counts,
    clock: core.clock,
  });
  return {
    name: 'statistics',
    routes: (bind) => statisticsRoutes(bind, svc),
    periodic: [
      {
        name: 'traffic refresh',
        everyMs: REFRESH_EVERY_MS,
        atStart: true,
        run: () => refresh.all(),
      },
    ],
  };
}
