import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import type { CoreTables } from './schema.ts';
import { openSqlite } from './node-sqlite-dialect.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { namedStatementPool } from './named-statements.ts';
import type { Dialect } from './migrations/helpers.ts';

/** The core's tables only: what core.ts and customers/ query. */
export type Db = Kysely<CoreTables>;
/** An area's view: the core's tables and its own (`core.db.withTables<Tables>()`). */
export type AreaDb<Tables extends object> = Kysely<CoreTables & Tables>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * The same connections without named statements, for the migrations: a statement named before
   * a migration changes its table's columns fails when run again after it ("cached plan must not
   * change result type"), so the migrations' own queries are never named.
   */
  migrationDb: Db;
  close(): Promise<void>;
}

export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new Kysely<CoreTables>({ dialect: openSqlite(path) });
    return { db, dialect: 'sqlite', migrationDb: db, close: () => db.destroy() };
  }
  // int8 columns hold epoch milliseconds, well inside Number's safe range.
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === 20
        ? (v: string) => Number(v)
        : (pg.types.getTypeParser(oid, format as 'text') as (v: string) => unknown),
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, types });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process: the pool drops that client and opens a new one on the next query.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<CoreTables>({
    dialect: new PostgresDialect({ pool: namedStatementPool(pool) }),
  });
  // Shares the pool; only `db` is destroyed (which ends the pool).
  const migrationDb = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', migrationDb, close: () => db.destroy() };
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const m of MIGRATIONS) {
    migrations[m.name] = { up: (db) => m.up(db, handle.dialect) };
  }
  const migrator = new Migrator({
    db: handle.migrationDb,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
