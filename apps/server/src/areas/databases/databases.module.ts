import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createMariadbServer } from '../../platform/database-server/database-server.mariadb.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService } from './databases.service.ts';
import { databasesRoutes } from './databases.routes.ts';
import { seedDemoDatabase } from './databases.seed.ts';
import { databasesExports } from './databases.exports.ts';

/** Customer MariaDB databases (MARIADB_URL); the pool connects on first use, not at start. */
export function databasesModule(
  core: CoreContext,
): AreaModule & { exports: ReturnType<typeof databasesExports> } {
  const server = createMariadbServer({ url: core.config.databases.mariadbUrl });
  const svc = createDatabasesService({
    store: createDatabasesStore(core.db),
    server,
    clock: core.clock,
    logger: core.logger,
    connection: core.config.databases.connection,
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
    exports: databasesExports(svc, core.config.databases.connection),
  };
}
