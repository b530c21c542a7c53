import { join } from 'node:path';
import { z } from 'zod';
import { dns, isDomainName } from '@haven/contract';
import type { DnsEnv } from './dns.settings.ts';
import { readSettingsFile } from '../../lib/settings-file.ts';

/** The provider's side of every zone: where the default records point, and the SOA/NS. */
export interface DnsSettings {
  hostingIpv4: string;
  hostingIpv6: string | null;
  mailHost: string;
  nameservers: string[];
  /** SOA RNAME: the hostmaster's mail address with `@` as a dot. */
  hostmaster: string;
  spamfilterMx: { host: string; priority: number }[];
  /** The default SPF TXT value; null leaves SPF out of the default zone. */
  spf: string | null;
  soa: { refresh: number; retry: number; expire: number; minimum: number };
  ttl: number;
  /** SRV services the add screen suggests. */
  services: string[];
}

export const SUGGESTED_SERVICES = [
  'autodiscover',
  'caldav',
  'caldavs',
  'carddav',
  'carddavs',
  'imap',
  'imaps',
  'jabber',
  'ldap',
  'minecraft',
  'pop3',
  'pop3s',
  'sip',
  'sips',
  'stun',
  'submission',
  'submissions',
  'turn',
  'xmpp-client',
  'xmpp-server',
];

const name = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .refine(isDomainName, 'must be a host name such as mail.example.nl');
const fileSchema = z
  .object({
    hostingIpv4: z.string().refine(dns.isIpv4, 'must be an IPv4 address'),
    hostingIpv6: z.string().refine(dns.isIpv6, 'must be an IPv6 address').nullable(),
    providerDomain: name,
    mailHost: name,
    nameservers: z.array(name).min(1),
    hostmaster: z.string(),
    spamfilterMx: z.array(z.object({ host: name, priority: z.number().int().min(0).max(65535) })),
    spf: z
      .string()
      .refine((v) => dns.txtProblem(v) === null, 'must be a valid TXT value')
      .nullable(),
  })
  .partial()
  .strict();

function hostmasterName(value: string): string {
  const [local, domain, ...rest] = value.trim().toLowerCase().split('@');
  if (rest.length === 0 && domain !== undefined) {
    if (!/^[a-z0-9-]+$/.test(local ?? '') || !isDomainName(domain))
      throw new Error('DNS_HOSTMASTER: must be an address such as hostmaster@example.nl');
    return `${local}.${domain}`;
  }
  const n = value.trim().toLowerCase().replace(/\.$/, '');
  if (!isDomainName(n))
    throw new Error('DNS_HOSTMASTER: must be an address such as hostmaster@example.nl');
  return n;
}

function spamfilterList(value: string): { host: string; priority: number }[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const [host = '', prio] = entry.split(':');
      const priority = prio === undefined ? (i + 1) * 10 : Number(prio);
      if (
        !isDomainName(host.toLowerCase()) ||
        !Number.isInteger(priority) ||
        priority < 0 ||
        priority > 65535
      )
        throw new Error(`SPAMFILTER_MX: "${entry}" is not host[:priority]`);
      return { host: host.toLowerCase(), priority };
    });
}

function check<T>(label: string, value: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (value === undefined || value === '') return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`${label}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

/**
 * The provider's DNS settings: built-in local defaults, then `<dataDir>/dns.json`, then the
 * environment. Throws with the name of the bad setting, so a wrong value stops the start.
 */
export function loadDnsSettings(env: DnsEnv, dataDir: string): DnsSettings {
  const path = join(dataDir, 'dns.json');
  let file: z.infer<typeof fileSchema> = {};
  const raw = readSettingsFile(path);
  if (raw !== undefined) {
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success)
      throw new Error(
        `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    file = parsed.data;
  }
  const provider =
    check('PROVIDER_DOMAIN', env.providerDomain, name) ?? file.providerDomain ?? 'haven.test';
  const ipv6 = check(
    'HOSTING_IPV6',
    env.hostingIpv6,
    z.string().refine(dns.isIpv6, 'must be an IPv6 address'),
  );
  const ns = env.nameservers
    ?.split(',')
    .map((s) => check('DNS_NAMESERVERS', s, name) ?? '')
    .filter(Boolean);
  const spf =
    env.spf === undefined ? undefined : env.spf === '' || env.spf === 'none' ? null : env.spf;
  if (spf && dns.txtProblem(spf)) throw new Error('DNS_SPF: must be a valid TXT value');
  return {
    hostingIpv4:
      check(
        'HOSTING_IPV4',
        env.hostingIpv4,
        z.string().refine(dns.isIpv4, 'must be an IPv4 address'),
      ) ??
      file.hostingIpv4 ??
      '127.0.0.1',
    hostingIpv6: ipv6
      ? dns.canonicalIpv6(ipv6)
      : file.hostingIpv6
        ? dns.canonicalIpv6(file.hostingIpv6)
        : null,
    mailHost: check('MAIL_HOST', env.mailHost, name) ?? file.mailHost ?? `mail.${provider}`,
    nameservers:
      ns && ns.length > 0 ? ns : (file.nameservers ?? [`ns1.${provider}`, `ns2.${provider}`]),
    hostmaster: hostmasterName(env.hostmaster || file.hostmaster || `hostmaster@${provider}`),
    spamfilterMx: env.spamfilterMx
      ? spamfilterList(env.spamfilterMx)
      : (file.spamfilterMx ?? [
          { host: `mx1.spamfilter.${provider}`, priority: 10 },
          { host: `mx2.spamfilter.${provider}`, priority: 20 },
        ]),
    spf:
      spf !== undefined
        ? spf
        : file.spf !== undefined
          ? file.spf
          : `v=spf1 a mx include:_spf.${provider} ~all`,
    soa: { refresh: 10_800, retry: 3_600, expire: 604_800, minimum: 899 },
    ttl: dns.DNS_LIMITS.ttlDefault,
    services: SUGGESTED_SERVICES,
  };
}
