import type { Generated } from 'kysely';
/**
 * Panel state. Times are epoch milliseconds (bigint in PostgreSQL, integer in SQLite); flags
 * are 0/1 integers so both dialects read the same values.
 */
export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string;
  created_at: number;
}

export interface DomainsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  /** 0: may order upgrades; other values are operator states (e.g. 1 pending, 2 blocked). */
  status: Generated<number>;
  package: Generated<'DOMAIN' | 'HOSTING'>;
  instap: Generated<number>;
  premium: Generated<number>;
  active: Generated<number>;
  mail_active: Generated<number>;
  max_databases: Generated<number>;
  disk_quota_mb: Generated<number>;
  created_at: number;
  /** Shop flags (0/1, migration 0400), set when an order is fulfilled. */
  ssl_premium: Generated<number>;
  spamfilter: Generated<number>;
  whois_privacy: Generated<number>;
  /** The owned site builder product id (7, 8 or 9); 0 for none. */
  sitebuilder: Generated<number>;
  /** 1: an old product (SiteBuilder Plus) that cannot be upgraded online. */
  legacy: Generated<number>;
  /** The contract start (YYYY-MM-DD) billing periods count from; null: the creation date. */
  billing_anchor: string | null;
  /** The hosting node that serves the domain (migration 0970); null: the local node. */
  node: Generated<string | null>;
}

export interface IdentitiesTable {
  id: Generated<number>;
  domain_id: number;
  username: string;
  type: 'HOSTING' | 'DOMAIN' | 'EMAIL';
  name: string;
  email: string;
  password_hash: string;
  language: 'nl' | 'en';
  primary_login: number;
  created_at: number;
  password_changed_at: number;
}

export interface SessionsTable {
  id: string;
  identity_id: number;
  ip: string;
  user_agent: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Raised by every refresh; only a token of the current generation counts. */
  token_generation: Generated<number>;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  first_at: number;
  locked_until: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  identity_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** null: a general notification for every customer. */
  domain_id: number | null;
  type: 'info' | 'success' | 'warning' | 'danger';
  message_nl: string;
  message_en: string;
  created_at: number;
  expires_at: number | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  domain_id: number | null;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  payload: string;
  result: string | null;
  error: string | null;
  attempts: number;
  worker: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * The core's tables: the customer records every area hangs off, the sessions of the guard and the
 * job records of the runner (core.ts builds both for every area). An area's own tables live in
 * `areas/<area>/<area>.tables.ts`; its module adds them with `core.db.withTables<...>()`, so its
 * store's type knows the core tables and its own, never another area's.
 */
export interface CoreTables {
  customers: CustomersTable;
  domains: DomainsTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
}
