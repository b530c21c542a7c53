import type { CoreContext } from '../../core.ts';
import type { LogsSettings } from './logs.settings.ts';
import type { LogsTables } from './logs.tables.ts';
import type { AreaModule } from '../area.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import type { SiteLogs } from '../../platform/site-logs/site-logs.port.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import { createLogsStore } from './logs.store.ts';
import { createLogsService } from './logs.service.ts';
import { logsExports, type LogsExports } from './logs.exports.ts';
import { logsRoutes } from './logs.routes.ts';

export interface LogsNeeds {
  /** The webhosting area's web server on a node reopens its logs after a rotation there. */
  reopenLogs(node: NodeName): Promise<boolean>;
}

/** The ports the logs area drives on a domain's node (agent/adapters/logs.ts). */
export interface LogsPorts {
  siteLogs: NodePorts<SiteLogs>;
}

/**
 * The web server's logs of each domain (`<home>/logs` on its node, written by nginx there): the
 * viewer, the filter, downloads, and the rotation sweep (HAVEN_LOG_SWEEP_MINUTES) over each node.
 */
export function logsModule(
  core: CoreContext,
  settings: LogsSettings,
  needs: LogsNeeds,
  ports: LogsPorts,
): AreaModule & { exports: LogsExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<LogsTables>();
  const svc = createLogsService({
    logs: ports.siteLogs,
    store: createLogsStore(db),
    clock: core.clock,
    logger: core.logger,
    settings,
    homeOf: (domain) => core.webspace.homeOf(domain),
    reopenLogs: (node) => needs.reopenLogs(node),
    domainById: async (id) => {
      const row = await core.customers.domainById(id);
      return row && toDomainRef(row);
    },
  });
  return {
    name: 'logs',
    exports: logsExports(svc),
    routes: (bind) => logsRoutes(bind, svc),
    periodic: [{ name: 'rotation', everyMs: settings.sweepMs, run: () => svc.sweep() }],
  };
}
