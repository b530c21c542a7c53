import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * Reads that scanned a whole table: the notifications of a domain (every dashboard load asks),
 * a domain's protected directories, and an invoice's lines. With 10,000 domains the
 * notifications query goes from a scan of every domain's rows (~0.6 ms) to an index lookup.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  const indexes: [name: string, table: string, columns: string[]][] = [
    ['notifications_domain', 'notifications', ['domain_id', 'created_at']],
    ['protected_dirs_domain', 'protected_dirs', ['domain_id']],
    ['invoice_lines_invoice', 'invoice_lines', ['invoice_id', 'position']],
  ];
  for (const [name, table, columns] of indexes)
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}

export const readIndexesMigration: MigrationDef = { name: '0940-read-indexes', up };
