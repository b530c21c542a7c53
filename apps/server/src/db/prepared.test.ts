import { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database.ts';
import { openSqlite } from './node-sqlite-dialect.ts';
import { prepareQuery } from './prepared.ts';

interface Db {
  items: { id: number; owner: number; name: string };
}

describe('prepareQuery', () => {
  it('runs the once-compiled query with each call’s values in their own places', async () => {
    const db = new Kysely<Db>({ dialect: openSqlite(':memory:').dialect });
    await db.schema.createTable('items').addColumn('id', 'integer').addColumn('owner', 'integer').addColumn('name', 'text').execute();
    await db.insertInto('items').values([
      { id: 1, owner: 7, name: 'a' },
      { id: 2, owner: 7, name: 'b' },
      { id: 3, owner: 8, name: 'c' },
    ]).execute();
    let builds = 0;
    // The arguments appear in the SQL in the opposite order of the function's parameters.
    const find = prepareQuery(db, (minId: number, owner: number) => {
      builds += 1;
      return db.selectFrom('items').select('name').where('owner', '=', owner).where('id', '>=', minId).orderBy('id');
    });
    expect(await find(1, 7)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(await find(2, 7)).toEqual([{ name: 'b' }]);
    expect(await find(1, 8)).toEqual([{ name: 'c' }]);
    expect(await find(1, 9)).toEqual([]);
    expect(builds).toBe(1);
    await db.destroy();
  });

  it('refuses a query with a parameter that is not one of the arguments', async () => {
    const db = new Kysely<Db>({ dialect: openSqlite(':memory:').dialect });
    const bad = prepareQuery(db, (owner: number) => db.selectFrom('items').selectAll().where('owner', '=', owner).where('name', '=', 'fixed'));
    await expect(bad(1)).rejects.toThrow(/every parameter/);
    await db.destroy();
  });

  describe('on the panel’s SQLite connection', () => {
    async function panelDb() {
      const handle = openDatabase('sqlite::memory:');
      const db = handle.db as unknown as Kysely<Db>;
      await db.schema.createTable('items').addColumn('id', 'integer').addColumn('owner', 'integer').addColumn('name', 'text').execute();
      await db.insertInto('items').values([{ id: 1, owner: 7, name: 'a' }, { id: 2, owner: 7, name: 'b' }]).execute();
      const find = prepareQuery(db, (owner: number) => db.selectFrom('items').select('name').where('owner', '=', owner).orderBy('id'));
      return { db, find, close: () => handle.close() };
    }

    it('reads straight from the statement, not through Kysely’s driver', async () => {
      const { db, find, close } = await panelDb();
      const viaKysely = vi.spyOn(db, 'executeQuery');
      expect(await find(7)).toEqual([{ name: 'a' }, { name: 'b' }]);
      expect(viaKysely).not.toHaveBeenCalled();
      await close();
    });

    it('waits for an open transaction instead of reading its uncommitted rows', async () => {
      const { db, find, close } = await panelDb();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      const trx = db.transaction().execute(async (t) => {
        await t.insertInto('items').values({ id: 3, owner: 7, name: 'uncommitted' }).execute();
        inserted();
        await gate;
        throw new Error('rolled back');
      });
      await insertedYet;
      const during = find(7);
      release();
      await expect(trx).rejects.toThrow('rolled back');
      expect(await during).toEqual([{ name: 'a' }, { name: 'b' }]);
      await close();
    });
  });
});
