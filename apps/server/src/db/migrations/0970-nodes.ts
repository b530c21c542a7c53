import type { Kysely } from 'kysely';
import { TIME, type MigrationDef } from './helpers.ts';

/**
 * Hosting nodes (docs/nodes.md): the registry, each object's revision per node, and the outbox
 * of operations the relay publishes. The local node is a row too, so one machine and many run
 * the same code. A domain remembers its node (null: the local one).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nodes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // Comma-separated: web, mail, dns, database.
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('enrol_token_hash', 'text')
    .addColumn('enrol_expires_at', TIME)
    .addColumn('credentials_issued_at', TIME)
    .addColumn('credentials_revoked_at', TIME)
    .addColumn('last_heartbeat_at', TIME)
    .addColumn('agent_version', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('node_objects')
    .addColumn('node', 'text', (c) => c.notNull().references('nodes.name').onDelete('cascade'))
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('applied_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('node_objects_pk', ['node', 'object'])
    .execute();
  await db.schema
    .createTable('node_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node', 'text', (c) => c.notNull().references('nodes.name').onDelete('cascade'))
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error_reason', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('sent_at', TIME)
    .addColumn('done_at', TIME)
    .execute();
  // The relay's scan (pending rows of a node, oldest first) and the counts `haven nodes` shows.
  await db.schema
    .createIndex('node_operations_relay')
    .on('node_operations')
    .columns(['state', 'node', 'created_at'])
    .execute();
  // Catch-up: the newest operation of an object on a node.
  await db.schema
    .createIndex('node_operations_object')
    .on('node_operations')
    .columns(['node', 'object', 'revision'])
    .execute();
  await db.schema.alterTable('domains').addColumn('node', 'text').execute();
  await db
    .insertInto('nodes' as never)
    .values({
      name: 'local',
      roles: 'web,mail,dns,database',
      state: 'active',
      created_at: Date.now(),
    })
    .execute();
}

export const nodesMigration: MigrationDef = { name: '0970-nodes', up };
