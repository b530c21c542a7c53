import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { createMariadbServer } from '../../platform/database-server/database-server.mariadb.ts';
import { onNode, withLocal } from '../../platform/database-server/database-server.remote.ts';

/**
 * The databases adapters of a node, each with its port's spec (node-adapter.ts): the node's
 * MariaDB (MARIADB_URL; the pool connects on first use). The spec's local methods run on this
 * adapter, so the panel's `server(LOCAL_NODE).close()` ends the pool at shutdown.
 */
export async function databasesAdapters(host: NodeHost) {
  const server = createMariadbServer({ url: host.config.databases.mariadbUrl });
  return Promise.resolve({ server: nodeAdapter(withLocal(server), onNode(server)) });
}
