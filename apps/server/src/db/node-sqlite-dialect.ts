import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect on Node's built-in `node:sqlite`: no native addon to build or
 * download, so a fresh machine needs nothing but Node 24.
 */
function toValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function wrapStatement(stmt: StatementSync): SqliteStatement {
  return {
    reader: stmt.columns().length > 0,
    all: (params) => stmt.all(...params.map(toValue)),
    run: (params) => {
      const r = stmt.run(...params.map(toValue));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (params) => stmt.iterate(...params.map(toValue)) as IterableIterator<unknown>,
  };
}

export function openSqlite(path: string): SqliteDialect {
  const database = new DatabaseSync(path);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA synchronous = NORMAL');
  // Kysely prepares every query anew; the same few SQL texts recur, so keep their statements.
  const cache = new Map<string, SqliteStatement>();
  const wrapped: SqliteDatabase = {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = wrapStatement(database.prepare(sql));
        if (cache.size >= 500) cache.delete(cache.keys().next().value ?? '');
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
  return new SqliteDialect({ database: wrapped });
}
