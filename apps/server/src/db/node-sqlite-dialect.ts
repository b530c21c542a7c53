import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
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

/**
 * The database file is the panel's alone (0600, made so before SQLite opens it): SQLite gives
 * its -wal and -shm files the database file's mode. A file an older version left readable by
 * others is closed, with its WAL and shared memory.
 */
function keepPrivate(path: string): void {
  if (path === ':memory:' || path.startsWith('file:')) return;
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    const st = statSync(file, { throwIfNoEntry: false });
    if (st && (st.mode & 0o077) !== 0) chmodSync(file, st.mode & 0o700);
  }
}

export function openSqlite(path: string): SqliteDialect {
  keepPrivate(path);
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
