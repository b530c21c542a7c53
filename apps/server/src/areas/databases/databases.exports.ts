import type { databases } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AppDatabases } from '../../model/app-databases.ts';
import type { DatabasesService } from './databases.service.ts';

/** The databases area's offer to the web apps area (wired in areas/registry.ts). */
export function databasesExports(
  svc: DatabasesService,
  connection: databases.DatabaseConnection,
): { appDatabases: AppDatabases } {
  return {
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
