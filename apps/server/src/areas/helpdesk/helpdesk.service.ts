import { helpdesk } from '@haven/contract';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from './helpdesk.errors.ts';
import type { HelpdeskStore } from './helpdesk.store.ts';

type Address = helpdesk.Address;
type MailingPreferences = helpdesk.MailingPreferences;
type AddressRow = NonNullable<Awaited<ReturnType<HelpdeskStore['address']>>>;

const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  status: row.updated_at === null ? 'incomplete' : 'complete',
  domain: row.domain,
  product: row.product,
  name: row.name,
  email: row.email,
  streetname: row.streetname,
  housenumber: row.housenumber,
  zipcode: row.zipcode,
  city: row.city,
  country: row.country,
  phone: row.phone,
  updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
});

/** The customer's helpdesk data; every call is scoped to the caller's customer. */
export function createHelpdeskService(deps: { store: HelpdeskStore; clock: Clock }) {
  const { store, clock } = deps;

  async function address(customerId: number, id: number): Promise<Address> {
    const row = await store.address(customerId, id);
    if (!row) throw notFound();
    return toAddress(row);
  }

  return {
    async mailing(customerId: number): Promise<MailingPreferences> {
      const row = await store.mailing(customerId);
      if (!row) return { ...helpdesk.DEFAULT_MAILING };
      return {
        blog_news: row.blog_news === 1,
        actions_offers: row.actions_offers === 1,
        invoices_collection: row.invoices_collection === 1,
        support: row.support === 1,
      };
    },

    async saveMailing(customerId: number, p: MailingPreferences): Promise<MailingPreferences> {
      const bit = (v: boolean) => (v ? 1 : 0);
      await store.saveMailing({
        customer_id: customerId,
        blog_news: bit(p.blog_news),
        actions_offers: bit(p.actions_offers),
        invoices_collection: bit(p.invoices_collection),
        support: bit(p.support),
        updated_at: clock.now(),
      });
      return this.mailing(customerId);
    },

    /** One address per domain; a domain added since the last visit gets its empty one here. */
    async addresses(customerId: number): Promise<Address[]> {
      await store.ensureAddresses(customerId);
      return (await store.addresses(customerId)).map(toAddress);
    },

    address,

    async updateAddress(
      customerId: number,
      id: number,
      body: helpdesk.AddressInput,
    ): Promise<Address> {
      const result = await store.updateAddress(customerId, id, body, clock.now());
      if (result.numUpdatedRows === 0n) throw notFound();
      return address(customerId, id);
    },
  };
}
export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
