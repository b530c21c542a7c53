import { sql, type Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

const PREMIUM_SSL = 6;
const DOMAIN_PRIVACY = 10;
const PREMIUM_HOSTING = 1;

/**
 * Premium SSL and WHOIS privacy were sold but had no effect anywhere: they are withdrawn (no
 * longer offered; earlier orders and their invoices stay as they were), and premium hosting no
 * longer includes premium SSL; its text promises only what this installation gives (no cron jobs
 * or off-site backups until those areas exist). Texts the operator changed are left alone.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE shop_products SET active = 0 WHERE id IN (${PREMIUM_SSL}, ${DOMAIN_PRIVACY}) AND type IN ('ssl', 'domain')`.execute(
    db,
  );
  await sql`UPDATE shop_products SET includes = '[4]' WHERE id = ${PREMIUM_HOSTING} AND includes = '[4,6]'`.execute(
    db,
  );
  await sql`UPDATE shop_products SET
      description_nl = '60 GB opslag, 25 databases; spamfilter inbegrepen.',
      description_en = '60 GB storage, 25 databases; spam filter included.'
    WHERE id = ${PREMIUM_HOSTING} AND description_en = '60 GB storage, 25 databases, cron jobs, offsite backups; spam filter and premium SSL included.'`.execute(
    db,
  );
}

export const shopWithdrawMigration: MigrationDef = { name: '0710-shop-withdraw', up };
