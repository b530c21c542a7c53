import { dns } from '@haven/contract';
import { fail } from './dns.errors.ts';
import type { DnsRecordsTable } from './dns.tables.ts';

/** A record as Haven wants it served, before or without its row id. */
export type RecordDraft = Omit<
  DnsRecordsTable,
  'id' | 'domain_id' | 'served_for' | 'created_at' | 'updated_at'
> & {
  /** Set on a record Haven serves a subdomain's name with (see dns.tables.ts). */
  served_for?: string | null;
};

export const EMPTY_DRAFT = {
  value: '',
  ttl: dns.DNS_LIMITS.ttlDefault,
  priority: null,
  weight: null,
  port: null,
  service: null,
  protocol: null,
  flags: null,
  tag: null,
  redirect: null,
} as const satisfies Omit<RecordDraft, 'kind' | 'host'>;

const invalidField = (code: dns.DnsError, field: string) =>
  fail(code, 'invalid', { [field]: code });

/** The absolute name of a relative one ('' = the domain itself). */
export const fqdn = (relative: string, domain: string) =>
  relative === '' ? domain : `${relative}.${domain}`;

/** The relative name of an absolute one inside the zone, or null when it is outside. */
export function relativeTo(name: string, domain: string): string | null {
  if (name === domain) return '';
  return name.endsWith(`.${domain}`) ? name.slice(0, -domain.length - 1) : null;
}

/** The name the record is served at, relative to the zone. */
export function ownerName(d: Pick<RecordDraft, 'kind' | 'host' | 'service' | 'protocol'>): string {
  if (d.kind !== 'SRV') return d.host;
  const base = `_${d.service ?? ''}._${d.protocol ?? 'tcp'}`;
  return d.host === '' ? base : `${base}.${d.host}`;
}

/**
 * The host as the customer typed it, made relative: `www.example.nl.` and `www.example.nl`
 * both become `www`; a fully qualified name outside the zone is refused.
 */
export function relativeHost(host: string, domain: string): string {
  if (host.endsWith('.')) {
    const rel = relativeTo(host.slice(0, -1), domain);
    if (rel === null) throw invalidField('invalid_host', 'host');
    return rel;
  }
  return relativeTo(host, domain) ?? host;
}

/** A target made absolute (stored without trailing dot): a name with a dot is fully qualified, one label is in the zone. */
export function absoluteTarget(target: string, domain: string, field: string): string {
  const name =
    target === '@'
      ? domain
      : target.endsWith('.')
        ? target.slice(0, -1)
        : target.includes('.')
          ? target
          : `${target}.${domain}`;
  if (name.length > dns.DNS_LIMITS.nameBytes) throw invalidField('name_too_long', field);
  return name;
}

/** The stored form of what the add or edit screen sent. Throws the field's code. */
export function toDraft(input: dns.RecordData, domain: string): RecordDraft {
  const host = relativeHost(input.host, domain);
  const base = { ...EMPTY_DRAFT, host, ttl: input.ttl };
  let draft: RecordDraft;
  switch (input.record) {
    case 'A':
      draft = { ...base, kind: 'A', value: input.value };
      break;
    case 'AAAA':
      draft = { ...base, kind: 'AAAA', value: dns.canonicalIpv6(input.value) };
      break;
    case 'CNAME':
    case 'C':
      draft = { ...base, kind: 'CNAME', value: absoluteTarget(input.value, domain, 'value') };
      break;
    case 'HOST':
      draft = { ...base, kind: 'HOST' };
      break;
    case 'MX':
      draft = {
        ...base,
        kind: 'MX',
        value: absoluteTarget(input.value, domain, 'value'),
        priority: input.priority,
      };
      break;
    case 'TXT':
      draft = { ...base, kind: 'TXT', value: input.value };
      break;
    case 'SRV':
      draft = {
        ...base,
        kind: 'SRV',
        value: absoluteTarget(input.target, domain, 'target'),
        service: input.service,
        protocol: input.protocol,
        priority: input.priority,
        weight: input.weight,
        port: input.port,
      };
      break;
    case 'CAA':
      draft = { ...base, kind: 'CAA', value: input.value, flags: input.flags, tag: input.tag };
      break;
    case 'FORWARD':
      draft = { ...base, kind: 'FORWARD', host: '', value: input.value, redirect: input.redirect };
      break;
  }
  const owner = ownerName(draft);
  if (owner.length + domain.length + 1 > dns.DNS_LIMITS.nameBytes)
    throw invalidField('name_too_long', 'host');
  if (owner.split('.').some((l) => l.length > dns.DNS_LIMITS.labelBytes))
    throw invalidField('invalid_host', 'host');
  return draft;
}

/** What makes two records the same record (the TTL aside). */
export function signature(d: RecordDraft): string {
  return JSON.stringify([
    d.kind,
    ownerName(d),
    d.value,
    d.priority,
    d.weight,
    d.port,
    d.flags,
    d.tag,
    d.redirect,
  ]);
}
