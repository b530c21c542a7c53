import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { domainParams } from './account.ts';

/** Error codes of the site builder; the web shows them as `sitebuilder.error.<code>`. */
export const SITEBUILDER_ERRORS = [
  'has_legacy',
  'sitebuilder_not_owned',
  'sitebuilder_not_configured',
] as const;

/** The site builder state of a domain (specs part 1 §2 "Sitebuilder"). */
export const sitebuilderState = z.object({
  /** Whether the domain owns a site builder product. */
  sitebuilder: z.boolean(),
  /** The old SiteBuilder Plus, unsupported since 1 January 2022. */
  legacy: z.boolean(),
  /** The owned product (7 lite, 8 standard, 9 pro) with its page limit. */
  product: z
    .object({
      id: z.number().int(),
      name: z.object({ nl: z.string(), en: z.string() }),
      pages: z.number().int().nullable(),
    })
    .nullable(),
  /** Whether the operator has configured a site builder to open. */
  configured: z.boolean(),
});
export type SitebuilderState = z.infer<typeof sitebuilderState>;

export const getSitebuilder = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/sitebuilder',
  access: 'domain',
  userTypes: ['HOSTING'],
  // Sold with hosting only: a domain without hosting has none (403 not_for_package).
  packages: ['HOSTING'],
  tag: 'sitebuilder',
  summary: 'The site builder state of the domain',
  params: domainParams,
  response: sitebuilderState,
  errors: [],
});

export const openSitebuilder = defineEndpoint({
  method: 'POST',
  path: '/api/{domain}/sitebuilder/open',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'sitebuilder',
  summary: 'A short-lived sign-on address of the site builder the operator configured',
  params: domainParams,
  response: z.object({ url: z.string() }),
  errors: SITEBUILDER_ERRORS,
});
