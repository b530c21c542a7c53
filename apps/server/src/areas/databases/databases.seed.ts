import { generatePassword } from '@haven/contract';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { DatabaseServer } from '../../platform/database-server/database-server.port.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { DatabasesService } from './databases.service.ts';

/**
 * The demo domain gets one database with a user, as a WordPress site would have. Without a
 * reachable MariaDB the demo simply has none; a name left by an earlier demo is skipped too.
 */
export async function seedDemoDatabase(
  svc: DatabasesService,
  server: NodePorts<DatabaseServer>,
  logger: Logger,
  domain: DomainRef,
) {
  if (
    !(await server(domain.node)
      .ping()
      .catch(() => false))
  ) {
    logger.info('databases: MariaDB not reachable, demo database skipped');
    return;
  }
  try {
    const { database } = await svc.create(domain, {
      name: 'wordpress',
      username: 'wp',
      password: generatePassword(16),
    });
    logger.info(`databases: demo database ${database.name} created`);
  } catch (error) {
    logger.info(
      `databases: demo database skipped (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
