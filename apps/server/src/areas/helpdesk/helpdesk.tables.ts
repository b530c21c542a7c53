import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** The four mailing switches of one customer (0/1); no row means the contract's defaults. */
export interface HelpdeskMailingTable {
  customer_id: number;
  blog_news: number;
  actions_offers: number;
  invoices_collection: number;
  support: number;
  updated_at: number;
}

/** The contact address of one domain (and so of its product); empty fields until filled in. */
export interface HelpdeskAddressesTable {
  id: Generated<number>;
  domain_id: number;
  name: string;
  email: string;
  streetname: string;
  housenumber: string;
  zipcode: string;
  city: string;
  country: string;
  phone: string;
  /** Null until the customer saved it once (status `incomplete`). */
  updated_at: number | null;
}

export type HelpdeskTables = {
  helpdesk_mailing: HelpdeskMailingTable;
  helpdesk_addresses: HelpdeskAddressesTable;
};

/** A customer's ticket about one of its domains or an object of it (a database, a job). */
export interface HelpdeskTicketsTable {
  id: Generated<number>;
  customer_id: number;
  identity_id: number | null;
  domain_id: number;
  about_kind: string;
  about_name: string;
  category: string;
  status: string;
  subject: string;
  created_at: number;
  updated_at: number;
}

export interface HelpdeskMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author: 'customer' | 'provider';
  /** Plain text as written; the web shows it as text. */
  body: string;
  created_at: number;
}

/** A stored attachment; `message_id` null until it is sent with a ticket or reply. */
export interface HelpdeskAttachmentsTable {
  id: Generated<number>;
  customer_id: number;
  message_id: number | null;
  filename: string;
  content_type: string;
  size: number;
  /** The attachment store's random key (never the customer's name). */
  storage_key: string;
  created_at: number;
}

/** An operator API key: only the SHA-256 of its secret is kept. */
export interface OperatorApiKeysTable {
  id: Generated<number>;
  name: string;
  key_id: string;
  hash: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export type HelpdeskTicketTables = {
  helpdesk_tickets: HelpdeskTicketsTable;
  helpdesk_messages: HelpdeskMessagesTable;
  helpdesk_attachments: HelpdeskAttachmentsTable;
  operator_api_keys: OperatorApiKeysTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type HelpdeskDb = AreaDb<HelpdeskTables & HelpdeskTicketTables>;
