import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/**
 * Desired state of customer databases: what should exist on the MariaDB server, so a reconcile
 * can re-apply it. Passwords are not here: MariaDB keeps its own.
 */
export interface CustomerDatabasesTable {
  id: Generated<number>;
  domain_id: number;
  /** Full server-side name, prefix included; unique over the installation. */
  name: string;
  created_at: number;
}

export interface CustomerDatabaseUsersTable {
  id: Generated<number>;
  database_id: number;
  /** Full login name, prefix included; unique over the installation. */
  name: string;
  created_at: number;
}

/** Each customer's name prefix (without its `_`), handed out once and kept. */
export interface DatabasePrefixesTable {
  customer_id: number;
  prefix: string;
  created_at: number;
}

/** Single-use download tickets; only the SHA-256 of the ticket is kept. */
export interface DatabaseDownloadTicketsTable {
  token_hash: string;
  database_id: number;
  expires_at: number;
  used_at: number | null;
}

export type DatabasesTables = {
  customer_databases: CustomerDatabasesTable;
  customer_database_users: CustomerDatabaseUsersTable;
  database_prefixes: DatabasePrefixesTable;
  database_download_tickets: DatabaseDownloadTicketsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type DatabasesDb = AreaDb<DatabasesTables>;
