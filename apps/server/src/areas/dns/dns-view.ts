import type { dns } from '@haven/contract';
import type { DnsSettings } from './dns-provider-settings.ts';
import { fqdn, ownerName, signature, type RecordDraft } from './dns-records.ts';
import { providerRecords } from './zone-builder.ts';

type Row = RecordDraft & { id: number };

const TYPE_ORDER: readonly string[] = [
  'SOA',
  'NS',
  'A',
  'AAAA',
  'HOST',
  'CNAME',
  'MX',
  'TXT',
  'SRV',
  'CAA',
  'FORWARD',
];

/** What the list needs to know about the whole zone to describe one row. */
export interface ViewContext {
  domain: string;
  settings: DnsSettings;
  /** Absolute names that have an A, AAAA, CNAME or HOST record. */
  addressNames: ReadonlySet<string>;
  defaults: ReadonlySet<string>;
}

export function viewContext(
  domain: string,
  records: readonly RecordDraft[],
  settings: DnsSettings,
  defaults: readonly RecordDraft[],
): ViewContext {
  const addressNames = new Set(
    records
      .filter((r) => r.kind === 'A' || r.kind === 'AAAA' || r.kind === 'CNAME' || r.kind === 'HOST')
      .map((r) => fqdn(ownerName(r), domain)),
  );
  return { domain, settings, addressNames, defaults: new Set(defaults.map(signature)) };
}

export function toView(r: Row, ctx: ViewContext): dns.DnsRecord {
  const isMx = r.kind === 'MX';
  const hasTarget = r.kind === 'CNAME' || isMx || r.kind === 'SRV';
  return {
    id: r.id,
    record: r.kind,
    host: r.host,
    domain: fqdn(ownerName(r), ctx.domain),
    value: r.kind === 'HOST' ? ctx.settings.hostingIpv4 : r.value,
    ttl: r.ttl,
    priority: r.priority,
    weight: r.weight,
    port: r.port,
    service: r.service,
    protocol: r.protocol,
    target: hasTarget ? r.value : null,
    flags: r.flags,
    tag: r.tag,
    redirect: r.redirect,
    isInternal: isMx && ctx.addressNames.has(r.value),
    isSpamfilter: isMx && ctx.settings.spamfilterMx.some((m) => m.host === r.value),
    isDefault: ctx.defaults.has(signature(r)),
    readonly: false,
  };
}

/** The provider's SOA and NS as read-only rows (ids 0, -1, -2...). */
export function providerViews(serial: number, ctx: ViewContext): dns.DnsRecord[] {
  return providerRecords(serial, ctx.settings).map((rr, i) => ({
    id: -i,
    record: rr.type as 'SOA' | 'NS',
    host: '',
    domain: ctx.domain,
    value: rr.type === 'NS' ? rr.content.replace(/\.$/, '') : rr.content,
    ttl: rr.ttl,
    priority: null,
    weight: null,
    port: null,
    service: null,
    protocol: null,
    target: null,
    flags: null,
    tag: null,
    redirect: null,
    isInternal: false,
    isSpamfilter: false,
    isDefault: true,
    readonly: true,
  }));
}

/** Rows grouped per type (in the list's order), then by name and priority. */
export function sortViews(views: dns.DnsRecord[]): dns.DnsRecord[] {
  return views.sort(
    (a, b) =>
      TYPE_ORDER.indexOf(a.record) - TYPE_ORDER.indexOf(b.record) ||
      a.domain.localeCompare(b.domain) ||
      (a.priority ?? 0) - (b.priority ?? 0) ||
      a.id - b.id,
  );
}
