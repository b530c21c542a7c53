import { nodes } from '@haven/contract';
import type { Bind } from '../model/routes.ts';
import { unauthorized, unavailable } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import type { CoreConfig } from '../model/core-config.ts';
import type { NodesStore } from './nodes.store.ts';
import { EnrolTokenError, enrolNode, natsNodeUsersOf } from './enrolment.ts';

export interface NodeRoutesDeps {
  config: Pick<CoreConfig, 'nats' | 'dataDir'>;
  clock: Clock;
  logger: Logger;
  nodes: { nodes: { store: NodesStore }; ensureNode: (node: string) => Promise<void> };
}

/**
 * The hosting nodes' own endpoint (not a customer's): enrolment. Only a panel that writes
 * nats-server's authorization (NATS_AUTH_FILE) can issue a node's login.
 */
export function nodeRoutes(bind: Bind, deps: NodeRoutesDeps): void {
  const nats = deps.config.nats;
  const users = natsNodeUsersOf(nats, deps.config.dataDir);
  const log = deps.logger.child({ component: 'enrolment' });
  bind(nodes.enrol, async ({ body, ip }) => {
    if (!nats || !users) throw unavailable();
    const store = deps.nodes.nodes.store;
    try {
      const enrolled = await enrolNode(
        {
          store,
          clock: deps.clock,
          nats,
          users,
          ensureNode: deps.nodes.ensureNode,
          log: (fields, message) => log.warn(fields, message),
        },
        body.token,
      );
      log.info({ node: enrolled.node, ip }, 'node enrolled');
      return enrolled;
    } catch (error) {
      if (error instanceof EnrolTokenError) {
        log.warn({ ip }, 'enrolment refused: unknown, used or expired token');
        throw unauthorized();
      }
      log.error({ err: error, ip }, 'enrolment failed after the token was traded');
      throw unavailable('unavailable', error);
    }
  });
}
