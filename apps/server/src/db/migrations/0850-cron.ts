import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Cron jobs of premium domains and their run history (areas/cron). */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('cron_jobs'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('webuser_id', 'integer', (c) =>
      c.notNull().references('webusers.id').onDelete('cascade'),
    )
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('script_dir', 'text', (c) => c.notNull())
    .addColumn('script_file', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('logging', 'integer', (c) => c.notNull())
    .addColumn('logging_mode', 'text', (c) => c.notNull())
    .addColumn('logging_path', 'text', (c) => c.notNull())
    .addColumn('minute', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('dayofweek', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('cron_jobs_name', ['domain_id', 'name'])
    .execute();
  await withId(db.schema.createTable('cron_runs'), dialect)
    .addColumn('job_id', 'integer', (c) =>
      c.notNull().references('cron_jobs.id').onDelete('cascade'),
    )
    .addColumn('started_at', TIME, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('exit_code', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cron_runs_job')
    .on('cron_runs')
    .columns(['job_id', 'started_at'])
    .execute();
}

export const cronMigration: MigrationDef = { name: '0850-cron', up };
