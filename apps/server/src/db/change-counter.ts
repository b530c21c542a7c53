import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/** How many writes this process has finished through one database handle. */
export interface ChangeCounter {
  readonly value: number;
}

/** Plain reads: a SELECT built by Kysely, or raw SQL that starts with `select` (health checks). */
const isRead = (query: CompiledQuery): boolean =>
  query.query.kind === 'SelectQueryNode' || (query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql));

class CountingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly bump: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Anything else may have changed rows.
      if (!isRead(query)) this.bump();
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } finally {
      if (!isRead(query)) this.bump();
    }
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof CountingConnection ? connection.inner : connection;

function countingDriver(inner: Driver, bump: () => void): Driver {
  const driver: Driver = {
    init: () => inner.init(),
    acquireConnection: async () => new CountingConnection(await inner.acquireConnection(), bump),
    beginTransaction: (connection, settings) => inner.beginTransaction(unwrap(connection), settings),
    // Counted once the commit is done: a reader on another connection that started before it
    // saw the old rows and noted the old count.
    commitTransaction: async (connection) => {
      try {
        await inner.commitTransaction(unwrap(connection));
      } finally {
        bump();
      }
    },
    rollbackTransaction: async (connection) => {
      try {
        await inner.rollbackTransaction(unwrap(connection));
      } finally {
        bump();
      }
    },
    releaseConnection: (connection) => inner.releaseConnection(unwrap(connection)),
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint) driver.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
  if (inner.rollbackToSavepoint) driver.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
  if (inner.releaseSavepoint) driver.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  return driver;
}

/**
 * The dialect with a count of this process's writes through it: every statement that is not a
 * plain SELECT, and every commit and rollback, adds one once it has finished. A read that notes
 * the count before it runs and finds it unchanged later knows this process changed nothing in
 * between (what `prepareQuery`'s cache stands on). Another process's writes it cannot see.
 */
export function countingDialect(inner: Dialect): { dialect: Dialect; changes: ChangeCounter } {
  const changes = { value: 0 };
  const bump = () => {
    changes.value += 1;
  };
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => countingDriver(inner.createDriver(), bump),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
  return { dialect, changes };
}
