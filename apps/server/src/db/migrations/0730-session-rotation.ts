import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * A session's token generation: each refresh raises it and the guard accepts only a token of the
 * current one, so a refreshed (replaced) token stops working.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export const sessionRotationMigration: MigrationDef = { name: '0730-session-rotation', up };
