import type { Kysely } from 'kysely';
import { TIME, type MigrationDef } from './helpers.ts';

const COUNTERS = [
  'http_in',
  'http_out',
  'ftp_in',
  'ftp_out',
  'smtp_in',
  'smtp_out',
  'pop3_imap_in',
  'pop3_imap_out',
];

/** Statistics: traffic per domain and day, where each log was read to, measured disk usage. */
async function up(db: Kysely<unknown>): Promise<void> {
  let traffic = db.schema
    .createTable('statistics_traffic')
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull());
  for (const name of COUNTERS)
    traffic = traffic.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
  await traffic.addPrimaryKeyConstraint('statistics_traffic_pk', ['domain_id', 'day']).execute();

  await db.schema
    .createTable('statistics_cursors')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('inode', 'bigint', (c) => c.notNull())
    .addColumn('offset', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statistics_state')
    .addColumn('domain_id', 'integer', (c) =>
      c.primaryKey().references('domains.id').onDelete('cascade'),
    )
    .addColumn('refreshed_at', TIME)
    .addColumn('httpdocs', 'bigint')
    .addColumn('httpsdocs', 'bigint')
    .addColumn('subdomains', 'bigint')
    .addColumn('databases', 'bigint')
    .addColumn('mailboxes', 'bigint')
    .addColumn('measured_at', TIME)
    .execute();
}

export const statisticsMigration: MigrationDef = { name: '0840-statistics', up };
