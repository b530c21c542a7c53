import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createMariadbServer } from '../../platform/database-server/database-server.mariadb.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService } from './databases.service.ts';
import { databasesRoutes } from './databases.routes.ts';
import { seedDemoDatabase } from './databases.seed.ts';

/** Customer MariaDB databases (MARIADB_URL); the pool connects on first use, not at start. */
export function databasesModule(core: CoreContext): AreaModule {
  const server = createMariadbServer({ url: core.config.databases.mariadbUrl });
  const svc = createDatabasesService({
    store: createDatabasesStore(core.db),
    server,
    clock: core.clock,
    logger: core.logger,
  });
  return {
    name: 'databases',
    routes: (bind) => databasesRoutes(bind, svc),
    seedDemo: (domain) => seedDemoDatabase(svc, server, core.logger, domain),
    stop: () => server.close(),
  };
}
