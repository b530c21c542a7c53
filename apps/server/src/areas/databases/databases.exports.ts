import type { databases } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AppDatabases } from '../../model/app-databases.ts';
import type { TicketSubjects } from '../../model/ticket-subjects.ts';
import type { DatabaseServer } from '../../platform/database-server/database-server.port.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { DatabasesService } from './databases.service.ts';
import type { DatabasesStore } from './databases.store.ts';

/** What the databases area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface DatabasesExports {
  /** The web apps make their database here. */
  appDatabases: AppDatabases;
  /** Bytes of a domain's databases as MariaDB counts them; null when it cannot be reached. */
  databaseBytes: (domainId: number) => Promise<number | null>;
  /** How many databases a domain has (the dashboard's other statistics). */
  databaseCount: (domainId: number) => Promise<number>;
  /** The databases of several domains, by name (the helpdesk's ticket subjects). */
  databaseNames: TicketSubjects['databases'];
}

export function databasesExports(
  svc: DatabasesService,
  store: DatabasesStore,
  server: NodePorts<DatabaseServer>,
  connection: databases.DatabaseConnection,
): DatabasesExports {
  return {
    databaseBytes: async (domainId) => {
      const names = (await store.databases(domainId)).map((d) => d.name);
      if (names.length === 0) return 0;
      // MariaDB's figures come from the domain's own node.
      const node = await store.nodeOf(domainId);
      const sizes = await server(node)
        .sizes(names)
        .catch(() => null);
      return sizes ? [...sizes.values()].reduce((a, b) => a + b, 0) : null;
    },
    databaseNames: (domainIds) => store.namesOf(domainIds),
    databaseCount: async (domainId) => (await store.namesOf([domainId])).length,
    appDatabases: {
      async create(domain, name, password) {
        const made = await svc.create(domain, { name, username: name, password });
        if (!made.user) throw new AppError('general', 'internal');
        return {
          database: made.database.name,
          user: made.user.name,
          host: connection.host,
          port: connection.port,
        };
      },
      async remove(domain, database) {
        try {
          await svc.remove(domain, database);
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found') return;
          throw error;
        }
      },
    },
  };
}
