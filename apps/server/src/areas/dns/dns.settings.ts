import { z } from 'zod';

/**
 * DNS (docs/operations.md, "DNS"): the PowerDNS API, and the provider's default zone as given;
 * dns-provider-settings.ts checks the zone values and fills defaults from `<data dir>/dns.json`.
 */
export const dnsSettings = () =>
  z
    .object({
      PDNS_API_URL: z.url().optional(),
      PDNS_API_KEY: z.string().min(1).optional(),
      HOSTING_IPV4: z.string().optional(),
      HOSTING_IPV6: z.string().optional(),
      PROVIDER_DOMAIN: z.string().optional(),
      MAIL_HOST: z.string().optional(),
      DNS_NAMESERVERS: z.string().optional(),
      DNS_HOSTMASTER: z.string().optional(),
      SPAMFILTER_MX: z.string().optional(),
      DNS_SPF: z.string().optional(),
    })
    .refine((e) => !e.PDNS_API_URL || e.PDNS_API_KEY, {
      path: ['PDNS_API_KEY'],
      message: 'required when PDNS_API_URL is set',
    })
    .transform((e) => ({
      pdnsApiUrl: e.PDNS_API_URL,
      pdnsApiKey: e.PDNS_API_KEY,
      hostingIpv4: e.HOSTING_IPV4,
      hostingIpv6: e.HOSTING_IPV6,
      providerDomain: e.PROVIDER_DOMAIN,
      mailHost: e.MAIL_HOST,
      nameservers: e.DNS_NAMESERVERS,
      hostmaster: e.DNS_HOSTMASTER,
      spamfilterMx: e.SPAMFILTER_MX,
      spf: e.DNS_SPF,
    }));
export type DnsEnv = z.output<ReturnType<typeof dnsSettings>>;
