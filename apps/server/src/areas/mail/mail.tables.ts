import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';
import type { MailTrainingTables } from './mail-training.tables.ts';

/**
 * Desired state of a domain's mail: what Postfix and Dovecot should serve, so every change (and
 * `haven reconcile`) renders the maps and the passwd-file from here. Lists are JSON text.
 */
export interface MailAccountsTable {
  id: Generated<number>;
  domain_id: number;
  /** The local part, lower-case; unique per domain over accounts, aliases and forwards. */
  name: string;
  type: 'address' | 'group';
  /** argon2id PHC string (what Dovecot reads); null for a group. */
  password_hash: string | null;
  /** MiB; 0 = no quota of its own. */
  quota_mb: number;
  /** JSON string[]: forwarding copies (address) or members (group). */
  targets: string;
  /** JSON `Autoresponder` / `Spamfilter` (contract mail-rules); null for a group. */
  autoresponder: string | null;
  spamfilter: string | null;
  created_at: number;
}

export interface MailAliasesTable {
  id: Generated<number>;
  account_id: number;
  domain_id: number;
  name: string;
}

export interface MailForwardsTable {
  id: Generated<number>;
  domain_id: number;
  /** The local part the forward takes mail for. */
  name: string;
  target: string;
  created_at: number;
}

/** Per domain: the customer's mail switch and the catch-all (null rejects unknown addresses). */
export interface MailDomainsTable {
  domain_id: number;
  active: number;
  catch_all: string | null;
}

export type MailTables = MailTrainingTables & {
  mail_accounts: MailAccountsTable;
  mail_aliases: MailAliasesTable;
  mail_forwards: MailForwardsTable;
  mail_domains: MailDomainsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type MailDb = AreaDb<MailTables>;
