import type { CoreContext } from '../../core.ts';
import type { LogsSettings } from './logs.settings.ts';
import type { LogsTables } from './logs.tables.ts';
import type { AreaModule } from '../area.ts';
import { LOG_LIMITS } from '@haven/contract';
import { createLocalSiteLogs } from '../../platform/site-logs/site-logs.local.ts';
import { createLogsStore } from './logs.store.ts';
import { createLogsService } from './logs.service.ts';
import { logsExports, type LogsExports } from './logs.exports.ts';
import { logsRoutes } from './logs.routes.ts';

export interface LogsNeeds {
  /** The webhosting area's web server reopens its logs after a rotation. */
  reopenLogs(): Promise<boolean>;
}

/**
 * The web server's logs of each domain (`<home>/logs`, written by the supervised nginx): the
 * viewer, the filter, downloads, and the rotation sweep (HAVEN_LOG_SWEEP_MINUTES).
 */
export function logsModule(
  core: CoreContext,
  settings: LogsSettings,
  needs: LogsNeeds,
): AreaModule & { exports: LogsExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<LogsTables>();
  const svc = createLogsService({
    logs: createLocalSiteLogs({ lineMaxBytes: LOG_LIMITS.lineMaxBytes }),
    store: createLogsStore(db),
    clock: core.clock,
    logger: core.logger,
    settings,
    homeOf: (domain) => core.webspace.homeOf(domain),
    reopenLogs: () => needs.reopenLogs(),
    domainById: (id) => core.customers.domainById(id),
  });
  return {
    name: 'logs',
    exports: logsExports(svc),
    routes: (bind) => logsRoutes(bind, svc),
    periodic: [{ name: 'rotation', everyMs: settings.sweepMs, run: () => svc.sweep() }],
  };
}
