import type { CoreContext } from '../../core.ts';
import type { DatabasesSettings } from './databases.settings.ts';
import type { DatabasesTables } from './databases.tables.ts';
import type { AreaModule } from '../area.ts';
import { LOCAL_NODE, type NodePorts } from '../../model/node-ports.ts';
import type { DatabaseServer } from '../../platform/database-server/database-server.port.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService } from './databases.service.ts';
import { databasesRoutes } from './databases.routes.ts';
import { seedDemoDatabase } from './databases.seed.ts';
import { databasesExports, type DatabasesExports } from './databases.exports.ts';

/** The platform ports the databases area drives on each node (agent/adapters/databases.ts). */
export interface DatabasesPorts {
  /** The node's MariaDB (its MARIADB_URL); a domain's databases live on its node's. */
  server: NodePorts<DatabaseServer>;
}

/** Customer MariaDB databases, on the MariaDB of each domain's node. */
export function databasesModule(
  core: CoreContext,
  settings: DatabasesSettings,
  ports: DatabasesPorts,
): AreaModule & { exports: DatabasesExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<DatabasesTables>();
  const { server } = ports;
  const store = createDatabasesStore(db);
  const svc = createDatabasesService({
    store,
    server,
    clock: core.clock,
    logger: core.logger,
    connection: settings.connection,
  });
  return {
    name: 'databases',
    routes: (bind) => databasesRoutes(bind, svc),
    async reconcile(domain) {
      const r = await svc.reconcile(domain);
      const at = { domain: domain.name, area: 'databases' };
      return [
        ...r.created.map((db) => ({
          ...at,
          text: `database ${db} of ${domain.name} was missing on MariaDB: created again (empty)`,
        })),
        ...r.missingUsers.map((user) => ({
          ...at,
          repaired: false,
          text: `database user ${user} of ${domain.name} is missing on MariaDB: give it a new password in the panel, or delete it`,
        })),
      ];
    },
    seedDemo: (domain) => seedDemoDatabase(svc, server, core.logger, domain),
    // A local method: ends this machine's pool (the panel holds no other node's connection).
    stop: () => server(LOCAL_NODE).close(),
    exports: databasesExports(svc, store, server, settings.connection),
  };
}
