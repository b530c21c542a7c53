import { z } from 'zod';
import { dnsRecord } from './dns-records.ts';

/**
 * Why a reset keeps a record: the provider's default zone, the name of one of the domain's
 * subdomains, or a record the domain's mail needs while it is on (DKIM, DMARC).
 */
export const KEPT_BECAUSE = ['provider', 'subdomain', 'mail'] as const;
export type KeptBecause = (typeof KEPT_BECAUSE)[number];

/** What a reset to the defaults does: records removed, kept (and why), and added. */
export const dnsResetPreview = z.object({
  remove: z.array(dnsRecord),
  keep: z.array(z.object({ record: dnsRecord, because: z.enum(KEPT_BECAUSE) })),
  add: z.array(z.object({ record: dnsRecord, because: z.enum(KEPT_BECAUSE) })),
});
export type DnsResetPreview = z.infer<typeof dnsResetPreview>;
