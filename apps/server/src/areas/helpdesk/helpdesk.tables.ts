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

export interface HelpdeskTables {
  helpdesk_mailing: HelpdeskMailingTable;
  helpdesk_addresses: HelpdeskAddressesTable;
}
