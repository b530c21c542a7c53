import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { changesOf, openDatabase } from './database.ts';
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

  describe('kept answers (cacheMs)', () => {
    async function keptDb(path = 'sqlite::memory:') {
      const handle = openDatabase(path);
      const db = handle.db as unknown as Kysely<Db>;
      await db.schema.createTable('items').addColumn('id', 'integer').addColumn('owner', 'integer').addColumn('name', 'text').execute();
      await db.insertInto('items').values([{ id: 1, owner: 7, name: 'a' }]).execute();
      const find = prepareQuery(db, (owner: number) => db.selectFrom('items').select('name').where('owner', '=', owner).orderBy('id'), {
        cacheMs: 5000,
      });
      return { db, find, close: () => handle.close() };
    }

    it('answers the same frozen rows until this process writes anything', async () => {
      const { db, find, close } = await keptDb();
      const first = await find(7);
      expect(first).toEqual([{ name: 'a' }]);
      expect(await find(7)).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      expect(await find(8)).toEqual([]);
      // A write to any table drops every kept answer.
      await db.schema.createTable('other').addColumn('x', 'integer').execute();
      const second = await find(7);
      expect(second).not.toBe(first);
      await db.insertInto('items').values({ id: 2, owner: 7, name: 'b' }).execute();
      expect(await find(7)).toEqual([{ name: 'a' }, { name: 'b' }]);
      await db.updateTable('items').set({ name: 'c' }).where('id', '=', 2).execute();
      expect(await find(7)).toEqual([{ name: 'a' }, { name: 'c' }]);
      await sql`delete from items where id = 2`.execute(db);
      expect(await find(7)).toEqual([{ name: 'a' }]);
      await close();
    });

    it('sees a transaction’s rows once it commits, and a rolled back one never', async () => {
      const { db, find, close } = await keptDb();
      expect(await find(7)).toEqual([{ name: 'a' }]);
      await db.transaction().execute(async (t) => {
        await t.insertInto('items').values({ id: 2, owner: 7, name: 'b' }).execute();
      });
      expect(await find(7)).toEqual([{ name: 'a' }, { name: 'b' }]);
      await expect(
        db.transaction().execute(async (t) => {
          await t.insertInto('items').values({ id: 3, owner: 7, name: 'gone' }).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await find(7)).toEqual([{ name: 'a' }, { name: 'b' }]);
      await close();
    });

    it('shows another process’s write once the answer is older than cacheMs', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'haven-kept-'));
      const { find, close } = await keptDb(`sqlite:${join(dir, 'db.sqlite')}`);
      const now = vi.spyOn(Date, 'now');
      try {
        now.mockReturnValue(1_000_000);
        expect(await find(7)).toEqual([{ name: 'a' }]);
        const other = new DatabaseSync(join(dir, 'db.sqlite'));
        other.exec(`insert into items (id, owner, name) values (2, 7, 'cli')`);
        other.close();
        now.mockReturnValue(1_004_999);
        expect(await find(7)).toEqual([{ name: 'a' }]);
        now.mockReturnValue(1_005_000);
        expect(await find(7)).toEqual([{ name: 'a' }, { name: 'cli' }]);
      } finally {
        now.mockRestore();
        await close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('counts writes, commits and rollbacks, not plain reads', async () => {
      const { db, find, close } = await keptDb();
      const changes = changesOf(db)!;
      let at = changes.value;
      await db.selectFrom('items').selectAll().execute();
      await sql`select 1 as ok`.execute(db);
      await find(7);
      expect(changes.value).toBe(at);
      await sql`update items set name = 'z' where id = 1`.execute(db);
      expect(changes.value).toBe(at + 1);
      at += 1;
      await db.insertInto('items').values({ id: 2, owner: 7, name: 'b' }).execute();
      expect(changes.value).toBe(at + 1);
      await db.transaction().execute(async (t) => {
        await t.selectFrom('items').selectAll().execute();
      });
      expect(changes.value).toBe(at + 2);
      await expect(db.insertInto('nope' as 'items').values({ id: 9, owner: 1, name: 'x' }).execute()).rejects.toThrow();
      expect(changes.value).toBe(at + 3);
      await close();
    });
  });
});
