import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/** The website forward's HTTP status (301 or 302); null for every other record kind. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dns_records').addColumn('redirect', 'integer').execute();
  // Forwards from before the choice existed keep redirecting permanently.
  await db
    .updateTable('dns_records' as never)
    .set({ redirect: 301 } as never)
    .where('kind' as never, '=', 'FORWARD' as never)
    .execute();
}

export const dnsForwardRedirectMigration: MigrationDef = { name: '0720-dns-forward-redirect', up };
