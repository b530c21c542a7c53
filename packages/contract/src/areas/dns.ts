import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import {
  DNS_ERRORS,
  recordInput,
  dnsRecord,
  dnsList,
  dnsAvailable,
  dnsParams,
  recordParams,
} from './dns-records.ts';
import { dnsResetPreview } from './dns-reset.ts';

/**
 * The DNS records' types, schemas and error codes live in dns-records.ts (values in
 * dns-values.ts, what a reset would do in dns-reset.ts).
 */
export * from './dns-records.ts';
export * from './dns-reset.ts';

const base = { access: 'domain', userTypes: CUSTOMER_LOGINS, tag: 'dns' } as const;
const PATH = '/api/{domain}/webhosting/dns';

export const list = defineEndpoint({
  ...base,
  method: 'GET',
  path: PATH,
  summary: 'The zone: every record, with the notices the screen needs',
  params: dnsParams,
  response: dnsList,
  errors: ['dns_unavailable'],
});

export const available = defineEndpoint({
  ...base,
  method: 'GET',
  path: `${PATH}/available`,
  summary: 'The record kinds that can be added now, and the choices of their fields',
  params: dnsParams,
  response: dnsAvailable,
  errors: [],
});

export const create = defineEndpoint({
  ...base,
  method: 'POST',
  path: PATH,
  summary: 'Add a record; the served zone changes at once',
  params: dnsParams,
  body: recordInput,
  response: z.object({ record: dnsRecord }),
  errors: DNS_ERRORS,
});

export const update = defineEndpoint({
  ...base,
  method: 'POST',
  path: `${PATH}/{id}`,
  summary: 'Change a record',
  params: recordParams,
  body: recordInput,
  response: z.object({ record: dnsRecord }),
  errors: DNS_ERRORS,
});

export const remove = defineEndpoint({
  ...base,
  method: 'DELETE',
  path: `${PATH}/{id}`,
  summary: 'Delete a record',
  params: recordParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ['record_not_found', 'spamfilter_active', 'dns_unavailable', 'forward_unavailable'],
});

export const resetPreview = defineEndpoint({
  ...base,
  method: 'GET',
  path: `${PATH}/default`,
  summary: 'What a reset to the defaults removes, keeps (and why) and adds',
  params: dnsParams,
  response: dnsResetPreview,
  errors: [],
});

export const reset = defineEndpoint({
  ...base,
  method: 'POST',
  path: `${PATH}/default`,
  summary: "Replace the zone by the provider's default records",
  params: dnsParams,
  response: dnsList,
  errors: ['dns_unavailable', 'forward_unavailable'],
});

export const zoneFile = defineEndpoint({
  ...base,
  method: 'GET',
  path: `${PATH}/zone-file`,
  summary: 'The zone in BIND zone-file format, to take it elsewhere',
  params: dnsParams,
  response: z.object({ zone_file: z.string(), serial: z.number().int() }),
  errors: [],
});
