import type { Insertable } from 'kysely';
import type {
  HelpdeskDb,
  HelpdeskAddressesTable,
  HelpdeskMailingTable,
} from './helpdesk.tables.ts';

export type MailingRow = Insertable<HelpdeskMailingTable>;
export type AddressFields = Pick<
  Insertable<HelpdeskAddressesTable>,
  'name' | 'email' | 'streetname' | 'housenumber' | 'zipcode' | 'city' | 'country' | 'phone'
>;

const EMPTY_ADDRESS: AddressFields = {
  name: '',
  email: '',
  streetname: '',
  housenumber: '',
  zipcode: '',
  city: '',
  country: 'NL',
  phone: '',
};

const ADDRESS_COLUMNS = [
  'a.id',
  'a.name',
  'a.email',
  'a.streetname',
  'a.housenumber',
  'a.zipcode',
  'a.city',
  'a.country',
  'a.phone',
  'a.updated_at',
  'd.name as domain',
  'd.package as product',
] as const;

/** The helpdesk's SQL: mailing switches per customer, addresses per domain of the customer. */
export function createHelpdeskStore(db: HelpdeskDb) {
  const addresses = (customerId: number) =>
    db
      .selectFrom('helpdesk_addresses as a')
      .innerJoin('domains as d', 'd.id', 'a.domain_id')
      .select(ADDRESS_COLUMNS)
      .where('d.customer_id', '=', customerId);

  return {
    mailing: (customerId: number) =>
      db
        .selectFrom('helpdesk_mailing')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirst(),

    saveMailing: (row: MailingRow) =>
      db
        .insertInto('helpdesk_mailing')
        .values(row)
        .onConflict((oc) =>
          oc.column('customer_id').doUpdateSet({
            blog_news: row.blog_news,
            actions_offers: row.actions_offers,
            invoices_collection: row.invoices_collection,
            support: row.support,
            updated_at: row.updated_at,
          }),
        )
        .execute(),

    /** An (empty) address for every domain of the customer that has none yet; idempotent. */
    ensureAddresses: async (customerId: number) => {
      const missing = await db
        .selectFrom('domains as d')
        .leftJoin('helpdesk_addresses as a', 'a.domain_id', 'd.id')
        .select('d.id')
        .where('d.customer_id', '=', customerId)
        .where('a.id', 'is', null)
        .execute();
      if (missing.length === 0) return;
      await db
        .insertInto('helpdesk_addresses')
        .values(missing.map((d) => ({ ...EMPTY_ADDRESS, domain_id: d.id })))
        .onConflict((oc) => oc.column('domain_id').doNothing())
        .execute();
    },

    addresses: (customerId: number) => addresses(customerId).orderBy('d.name').execute(),

    /** Only an address of one of the customer's domains: another customer's is not found. */
    address: (customerId: number, id: number) =>
      addresses(customerId).where('a.id', '=', id).executeTakeFirst(),

    updateAddress: (customerId: number, id: number, fields: AddressFields, at: number) =>
      db
        .updateTable('helpdesk_addresses')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .where('domain_id', 'in', (eb) =>
          eb.selectFrom('domains').select('id').where('customer_id', '=', customerId),
        )
        .executeTakeFirst(),
  };
}
export type HelpdeskStore = ReturnType<typeof createHelpdeskStore>;
