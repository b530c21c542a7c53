import type { Kysely } from 'kysely';
import { TIME, type MigrationDef } from './helpers.ts';

/** SSL: each domain's certificate request and the installed certificate (areas/ssl). */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ssl_certificates')
    .addColumn('domain_id', 'integer', (c) =>
      c.primaryKey().references('domains.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_names', 'text', (c) => c.notNull())
    .addColumn('requested_at', TIME, (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('cert_names', 'text')
    .addColumn('cert_expires_at', TIME)
    .addColumn('cert_issuer', 'text')
    .addColumn('cert_alg', 'text')
    .addColumn('cert_serial', 'text')
    .addColumn('issued_at', TIME)
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
}

export const sslMigration: MigrationDef = { name: '0820-ssl', up };
