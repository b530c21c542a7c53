import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * The entry plan (instap) is 5 GB (specs part 2 §9): instap domains made with the 20 GB default
 * get it. A quota the operator or the shop set otherwise stays. The numbers are frozen here.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .updateTable('domains' as never)
    .set({ disk_quota_mb: 5_000 } as never)
    .where('instap' as never, '=', 1 as never)
    .where('disk_quota_mb' as never, '=', 20_000 as never)
    .execute();
}

export const instapDiskQuotaMigration: MigrationDef = { name: '0960-instap-disk-quota', up };
