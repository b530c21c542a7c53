import type { CoreContext } from '../../core.ts';
import type { DatabasesTables } from './databases.tables.ts';
import type { AreaModule } from '../area.ts';
import { createMariadbServer } from '../../platform/database-server/database-server.mariadb.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService } from './databases.service.ts';
import { databasesRoutes } from './databases.routes.ts';
import { seedDemoDatabase } from './databases.seed.ts';
import { databasesExports } from './databases.exports.ts';
import type { TicketSubjects } from '../../model/ticket-subjects.ts';

/** Customer MariaDB databases (MARIADB_URL); the pool connects on first use, not at start. */
/** What other areas may ask of databases (statistics: MariaDB's own size figures). */
export interface DatabasesExports {
  /** Bytes of a domain's databases as MariaDB counts them; null when it cannot be reached. */
  databaseBytes: (domainId: number) => Promise<number | null>;
  /** How many databases a domain has (the dashboard's other statistics). */
  databaseCount: (domainId: number) => Promise<number>;
  /** The databases of several domains, by name (the helpdesk's ticket subjects). */
  databaseNames: TicketSubjects['databases'];
}

export function databasesModule(
  core: CoreContext,
): AreaModule & { exports: DatabasesExports & ReturnType<typeof databasesExports> } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<DatabasesTables>();
  const server = createMariadbServer({ url: core.config.databases.mariadbUrl });
  const store = createDatabasesStore(db);
  const svc = createDatabasesService({
    store,
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
    exports: {
      ...databasesExports(svc, core.config.databases.connection),
      databaseBytes: async (domainId) => {
        const names = (await store.databases(domainId)).map((d) => d.name);
        if (names.length === 0) return 0;
        const sizes = await server.sizes(names).catch(() => null);
        return sizes ? [...sizes.values()].reduce((a, b) => a + b, 0) : null;
      },
      databaseNames: (domainIds) => store.namesOf(domainIds),
      databaseCount: async (domainId) => (await store.namesOf([domainId])).length,
    },
  };
}
