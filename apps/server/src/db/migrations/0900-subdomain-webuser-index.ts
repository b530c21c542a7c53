import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/** Deleting or listing a web user asks which subdomains it serves: an index, not a scan. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subdomains_webuser_id')
    .ifNotExists()
    .on('subdomains')
    .column('webuser_id')
    .execute();
}

export const subdomainWebuserIndexMigration: MigrationDef = {
  name: '0900-subdomain-webuser-index',
  up,
};
