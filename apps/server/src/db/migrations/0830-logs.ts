import type { Kysely } from 'kysely';
import { TIME, type MigrationDef } from './helpers.ts';

/** Logs: single-use download tickets, and when each domain's logs were last rotated. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('log_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
  await db.schema
    .createTable('log_rotations')
    .addColumn('domain_id', 'integer', (c) =>
      c.primaryKey().references('domains.id').onDelete('cascade'),
    )
    .addColumn('rotated_at', TIME, (c) => c.notNull())
    .execute();
}

export const logsMigration: MigrationDef = { name: '0830-logs', up };
