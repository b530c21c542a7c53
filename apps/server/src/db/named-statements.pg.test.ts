import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { testDatabaseUrl } from '../../test/helper.ts';
import { namedStatementPool } from './named-statements.ts';

interface Row {
  id: number;
  name: string;
}

// Only in the server-pg project (vitest.config.ts), on the server CI names in HAVEN_TEST_PG.
describe('named statements on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let db: Kysely<{ item: Row }>;
  // One connection, so the statements it keeps are the ones this test made (asked past the wrapper).
  const prepared = async () =>
    (
      await pool.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'haven_%' order by name",
      )
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    const made = await testDatabaseUrl('');
    drop = made.drop;
    pool = new pg.Pool({ connectionString: made.url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: namedStatementPool(pool, 3) }) });
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it('names each DML text once, runs it again by name, and leaves DDL unnamed', async () => {
    await db.insertInto('item').values({ id: 1, name: 'één' }).execute();
    await db.insertInto('item').values({ id: 2, name: "o'neil" }).execute();
    const byId = (id: number) => db.selectFrom('item').selectAll().where('id', '=', id).execute();
    expect(await byId(1)).toEqual([{ id: 1, name: 'één' }]);
    expect(await byId(2)).toEqual([{ id: 2, name: "o'neil" }]);
    // The insert and the select: the create table is not among them.
    expect(await prepared()).toEqual(['haven_0', 'haven_1']);
  });

  it('keeps a statement that failed on its values usable on the same connection', async () => {
    const insert = (id: number) => db.insertInto('item').values({ id, name: 'x' }).execute();
    await expect(insert(1)).rejects.toMatchObject({ code: '23505' });
    await insert(3);
    expect(await db.selectFrom('item').select('id').orderBy('id').execute()).toHaveLength(3);
  });

  it('runs texts past the limit unnamed', async () => {
    // A list of n values is a text of its own; the three names went to the inserts and selects above.
    for (const ids of [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]]) {
      const rows = await db.selectFrom('item').select('id').where('id', 'in', ids).execute();
      expect(rows.length).toBe(Math.min(ids.length, 3));
    }
    expect(await prepared()).toEqual(['haven_0', 'haven_1', 'haven_2']);
  });
});
