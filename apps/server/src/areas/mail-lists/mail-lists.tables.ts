import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** A mailing list: `name@domain` goes to every subscriber (desired state; see docs/mail-lists.md). */
export interface MailListsTable {
  id: Generated<number>;
  domain_id: number;
  /** The local part, lower-case, no `+`; unique per domain over all mail names. */
  name: string;
  admin_email: string;
  /** argon2id: a post with `Approved: <password>` is accepted from any sender. */
  password_hash: string;
  active: number;
  created_at: number;
}

export interface MailListSubscribersTable {
  id: Generated<number>;
  list_id: number;
  email: string;
  created_at: number;
}

export type MailListsTables = {
  mail_lists: MailListsTable;
  mail_list_subscribers: MailListSubscribersTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type MailListsDb = AreaDb<MailListsTables>;
