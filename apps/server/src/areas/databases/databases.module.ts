import type { CoreContext } from '../../core.ts';
import type { DatabasesSettings } from './databases.settings.ts';
import type { DatabasesTables } from './databases.tables.ts';
import type { AreaModule } from '../area.ts';
import { createMariadbServer } from '../../platform/database-server/database-server.mariadb.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService } from './databases.service.ts';
import { databasesRoutes } from './databases.routes.ts';
import { seedDemoDatabase } from './databases.seed.ts';
import { databasesExports, type DatabasesExports } from './databases.exports.ts';

/** Customer MariaDB databases (MARIADB_URL); the pool connects on first use, not at start. */
export function databasesModule(
  core: CoreContext,
  settings: DatabasesSettings,
): AreaModule & { exports: DatabasesExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<DatabasesTables>();
  const server = createMariadbServer({ url: settings.mariadbUrl });
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
    stop: () => server.close(),
    exports: databasesExports(svc, store, server, settings.connection),
  };
}
