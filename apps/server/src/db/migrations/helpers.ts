import type { CreateTableBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationDef {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** An auto-increment integer primary key in either dialect. */
export function withId<T extends string>(
  tb: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? tb.addColumn('id', 'serial', (c) => c.primaryKey())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds need 64 bits. */
export const TIME = 'bigint' as const;
