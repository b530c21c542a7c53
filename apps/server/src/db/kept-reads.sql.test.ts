import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/helper.ts';
import { changesOf, openDatabase, type DatabaseHandle } from './database.ts';
import { prepareQuery } from './prepared.ts';

interface Db {
  items: { id: number; owner: number; name: string };
}

// On PostgreSQL (HAVEN_TEST_PG) the pool reads on other connections while a transaction is
// open: its commit must count once it is done, or the old rows read meanwhile would stay kept.
describe('kept answers on the panel database', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Kysely<Db>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-kept-'));
    const database = await testDatabaseUrl(dir);
    drop = database.drop;
    handle = openDatabase(database.url);
    db = handle.db as unknown as Kysely<Db>;
    await db.schema.createTable('items').addColumn('id', 'integer').addColumn('owner', 'integer').addColumn('name', 'text').execute();
    await db.insertInto('items').values({ id: 1, owner: 7, name: 'a' }).execute();
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('drops a kept answer once a transaction that ran beside the read has committed', async () => {
    const find = prepareQuery(db, (owner: number) => db.selectFrom('items').select('name').where('owner', '=', owner).orderBy('id'), {
      cacheMs: 60_000,
    });
    const first = await find(7);
    expect(await find(7)).toBe(first);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('items').values({ id: 2, owner: 7, name: 'b' }).execute();
      inserted();
      await gate;
    });
    await insertedYet;
    // PostgreSQL answers this on another connection with the old rows; SQLite waits for the commit.
    const during = find(7);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = changesOf(db)!.value;
    release();
    await trx;
    expect(changesOf(db)!.value).toBeGreaterThan(before);
    expect((await during).length).toBeGreaterThan(0);
    expect(await find(7)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });
});
