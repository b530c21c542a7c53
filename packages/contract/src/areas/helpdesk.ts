import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { addressBody, ADDRESS_PRODUCTS, ADDRESS_STATUSES } from './helpdesk-address.ts';

export * from './helpdesk-address.ts';
export * from './helpdesk-tickets.ts';
export * from './helpdesk-operator.ts';

/*
 * The helpdesk (specs part 2 "Helpdesk", intended fields in §3): the customer's mailing
 * preferences and contact addresses. Both belong to the customer, not to one domain, so the
 * paths name no domain; another customer's address answers 404. Invoices are the shop's
 * (`/api/invoice`, `@haven/contract/shop`).
 */

/** The four mailing switches of the specs, in the specs' order. */
export const MAILING_TOPICS = [
  'blog_news',
  'actions_offers',
  'invoices_collection',
  'support',
] as const;
export type MailingTopic = (typeof MAILING_TOPICS)[number];

const flag = z.boolean({ error: VALIDATION.required });
export const mailingPreferences = z.strictObject({
  blog_news: flag,
  actions_offers: flag,
  invoices_collection: flag,
  support: flag,
});
export type MailingPreferences = z.infer<typeof mailingPreferences>;

/** Until the customer chooses: service mail on, marketing off (marketing needs consent). */
export const DEFAULT_MAILING: MailingPreferences = {
  blog_news: false,
  actions_offers: false,
  invoices_collection: true,
  support: true,
};

export const address = z.object({
  id: z.number().int(),
  /** `incomplete` until every required field has been filled in once. */
  status: z.enum(ADDRESS_STATUSES),
  domain: z.string(),
  /** The domain's package: the product this address is the contact for. */
  product: z.enum(ADDRESS_PRODUCTS),
  name: z.string(),
  email: z.string(),
  streetname: z.string(),
  housenumber: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  updated_at: z.string().nullable(),
});
export type Address = z.infer<typeof address>;

/** Who has a helpdesk: the customer's own logins (a mailbox login is not the customer). */
const access = { access: 'user', userTypes: CUSTOMER_LOGINS, tag: 'helpdesk' } as const;

export const getMailing = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/mailing',
  summary: "The customer's mailing preferences",
  response: z.object({ preferences: mailingPreferences }),
  errors: [],
});

export const updateMailing = defineEndpoint({
  ...access,
  method: 'PUT',
  path: '/api/helpdesk/mailing',
  summary: 'Save the four mailing switches',
  body: mailingPreferences,
  response: z.object({ preferences: mailingPreferences }),
  errors: [],
});

export const listAddresses = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/address',
  summary: 'The contact address of each of the customer’s domains',
  response: z.object({ addresses: z.array(address) }),
  errors: [],
});

export const addressParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const getAddress = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/address/{id}',
  summary: "One contact address; another customer's answers 404",
  params: addressParams,
  response: z.object({ address }),
  errors: [],
});

export const updateAddress = defineEndpoint({
  ...access,
  method: 'PUT',
  path: '/api/helpdesk/address/{id}',
  summary: 'Change a contact address; the postcode and house number must fit the country',
  params: addressParams,
  body: addressBody,
  response: z.object({ address }),
  errors: [],
});
