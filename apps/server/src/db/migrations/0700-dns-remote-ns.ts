import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/** The external name servers the operator sets for a delegated domain (`ns_remote`), space-separated. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dns_zones').addColumn('ns_remote_hosts', 'text').execute();
}

export const dnsRemoteNsMigration: MigrationDef = { name: '0700-dns-remote-ns', up };
