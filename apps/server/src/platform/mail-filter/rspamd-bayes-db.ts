import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * rspamd 3.4's SQLite statistics schema (`create_tables_sql` of its sqlite3 backend, schema
 * version 1, as in the library's strings) and its learn cache's. rspamd creates these itself,
 * but its three workers open the files at the same moment on the first start, and on a busy
 * machine one of them loses the race ("no such table: tokens") and cannot learn until a
 * restart: so Haven makes them, once, before rspamd starts.
 */
const STATFILE_SQL = [
  'CREATE TABLE tokenizer(data BLOB);',
  'CREATE TABLE users(id INTEGER PRIMARY KEY,name TEXT,learns INTEGER);',
  'CREATE TABLE languages(id INTEGER PRIMARY KEY,name TEXT,learns INTEGER);',
  'CREATE TABLE tokens(token INTEGER NOT NULL,' +
    'user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,' +
    'language INTEGER NOT NULL REFERENCES languages(id) ON DELETE CASCADE,' +
    'value INTEGER,modified INTEGER,' +
    'CONSTRAINT tid UNIQUE (token, user, language) ON CONFLICT REPLACE);',
  'CREATE UNIQUE INDEX IF NOT EXISTS un ON users(name);',
  'CREATE INDEX IF NOT EXISTS tok ON tokens(token);',
  'CREATE UNIQUE INDEX IF NOT EXISTS ln ON languages(name);',
  'PRAGMA user_version=1;',
  "INSERT INTO users(id, name, learns) VALUES(0, 'default',0);",
  "INSERT INTO languages(id, name, learns) VALUES(0, 'default',0);",
].join('');
const CACHE_SQL =
  'CREATE TABLE IF NOT EXISTS learns(id INTEGER PRIMARY KEY,flag INTEGER NOT NULL,digest TEXT NOT NULL);' +
  'CREATE UNIQUE INDEX IF NOT EXISTS d ON learns(digest);';

/** The file names renderBayes (rspamd-render.ts) points rspamd at, in the db dir. */
export const BAYES_FILES = {
  ham: 'bayes.ham.sqlite',
  spam: 'bayes.spam.sqlite',
  cache: 'learn_cache.sqlite',
} as const;

async function create(path: string, sql: string): Promise<void> {
  const exists = await access(path).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const db = new DatabaseSync(path);
  try {
    db.exec(`BEGIN IMMEDIATE;${sql}COMMIT;`);
  } finally {
    db.close();
  }
}

/** Makes the Bayes statistics and learn cache files that are missing (never touches one that exists). */
export async function ensureBayesDatabases(dbDir: string): Promise<void> {
  await create(join(dbDir, BAYES_FILES.ham), STATFILE_SQL);
  await create(join(dbDir, BAYES_FILES.spam), STATFILE_SQL);
  await create(join(dbDir, BAYES_FILES.cache), CACHE_SQL);
}
