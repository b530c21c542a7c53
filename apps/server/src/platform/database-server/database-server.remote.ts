import type { PortSpec } from '../node-bus/port-spec.ts';
import type { OperationError } from '../node-bus/node-bus.port.ts';
import {
  DatabaseServerError,
  type DatabaseServer,
  type DatabaseServerFailure,
} from './database-server.port.ts';

const REASONS: readonly string[] = [
  'unavailable',
  'exists',
  'not_found',
  'rejected',
  'failed',
] satisfies DatabaseServerFailure[];

/** The adapter's typed error from a failed operation or read (its reason kept, else `failed`). */
export const databaseServerFailure = (e: OperationError): DatabaseServerError =>
  new DatabaseServerError(
    REASONS.includes(e.reason) ? (e.reason as DatabaseServerFailure) : 'failed',
    e.message,
  );

/**
 * MariaDB across the bus. A database is one object (`db:<name>`: ensure and drop supersede each
 * other); a login is one object (`db-user:<name>`) whose every call carries its whole state: on
 * the node a password change makes a missing login too (see `onNode`), so whichever call comes
 * last rebuilds it. A grant is its own object (user and database). Sizes cross as entries.
 * `dump` streams and `close` ends a pool: both run on the panel (`withLocal`), never queued.
 */
export const databaseServerRemote: PortSpec<DatabaseServer> = {
  name: 'database',
  methods: {
    ping: { kind: 'read' },
    ensureDatabase: { kind: 'change', object: (name) => `db:${name}` },
    databaseExists: { kind: 'read' },
    dropDatabase: { kind: 'change', object: (name) => `db:${name}` },
    ensureUser: { kind: 'change', object: (name) => `db-user:${name}` },
    userExists: { kind: 'read' },
    setPassword: { kind: 'change', object: (name) => `db-user:${name}` },
    dropUser: { kind: 'change', object: (name) => `db-user:${name}` },
    grant: { kind: 'change', object: (user, database) => `db-grant:${user}/${database}` },
    sizes: {
      kind: 'read',
      timeoutMs: 15_000,
      encode: (sizes) => [...sizes],
      decode: (entries) => new Map(entries as [string, number][]),
    },
    prefixInUse: { kind: 'read' },
    // A stream cannot cross the bus: a node's dump is not served yet (the area says so).
    dump: {
      kind: 'local',
      run: async (name) => {
        throw new DatabaseServerError('unavailable', `dump of ${name}: not on this node`);
      },
    },
    close: { kind: 'local', run: async () => {} },
  },
  failure: databaseServerFailure,
};

/**
 * The spec as the panel binds this machine's adapter: `dump` streams from it and `close` ends its
 * pool. The panel holds no connection to another node's MariaDB, so these are the `local` node's.
 */
export function withLocal(local: DatabaseServer): PortSpec<DatabaseServer> {
  return {
    ...databaseServerRemote,
    methods: {
      ...databaseServerRemote.methods,
      dump: { kind: 'local', run: (name, options) => local.dump(name, options) },
      close: { kind: 'local', run: () => local.close() },
    },
  };
}

/**
 * The adapter as a node applies calls: a password change is an ensure with that password (a
 * login lost on the node, or whose create a newer call superseded, is made again).
 */
export function onNode(server: DatabaseServer): DatabaseServer {
  return {
    ...server,
    async setPassword(name, password) {
      await server.ensureUser(name, password);
      await server.setPassword(name, password);
    },
  };
}
