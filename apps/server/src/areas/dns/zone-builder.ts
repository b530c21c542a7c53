import type { ResourceRecord, Zone } from '../../platform/dns/dns.port.ts';
import { txtContent } from '../../platform/dns/zone-file.ts';
import type { DnsSettings } from './dns-provider-settings.ts';
import { ownerName, type RecordDraft } from './dns-records.ts';

/** The served records of one Haven record. HOST and FORWARD become the hosting server's addresses. */
export function renderRecord(d: RecordDraft, s: DnsSettings): ResourceRecord[] {
  const name = ownerName(d);
  const rr = (type: ResourceRecord['type'], content: string): ResourceRecord => ({
    name,
    type,
    ttl: d.ttl,
    content,
  });
  switch (d.kind) {
    case 'A':
    case 'AAAA':
      return [rr(d.kind, d.value)];
    case 'CNAME':
      return [rr('CNAME', `${d.value}.`)];
    case 'HOST':
    case 'FORWARD':
      return [rr('A', s.hostingIpv4), ...(s.hostingIpv6 ? [rr('AAAA', s.hostingIpv6)] : [])];
    case 'MX':
      return [rr('MX', `${d.priority ?? 10} ${d.value}.`)];
    case 'TXT':
      return [rr('TXT', txtContent(d.value))];
    case 'SRV':
      return [rr('SRV', `${d.priority ?? 10} ${d.weight ?? 0} ${d.port ?? 0} ${d.value}.`)];
    case 'CAA':
      return [rr('CAA', `${d.flags ?? 0} ${d.tag ?? 'issue'} "${d.value}"`)];
  }
}

/** The provider's SOA and NS records of a zone. */
export function providerRecords(serial: number, s: DnsSettings): ResourceRecord[] {
  const { refresh, retry, expire, minimum } = s.soa;
  const primary = s.nameservers[0] ?? 'localhost';
  return [
    {
      name: '',
      type: 'SOA',
      ttl: s.ttl,
      content: `${primary}. ${s.hostmaster}. ${serial} ${refresh} ${retry} ${expire} ${minimum}`,
    },
    ...s.nameservers.map((ns): ResourceRecord => ({
      name: '',
      type: 'NS',
      ttl: s.ttl,
      content: `${ns}.`,
    })),
  ];
}

/**
 * The whole zone to serve: SOA, NS, then every record. Identical records collapse into one and
 * each RRset gets one TTL, the lowest asked for (DNS serves an RRset with a single TTL).
 */
export function buildZone(
  domain: string,
  serial: number,
  drafts: readonly RecordDraft[],
  s: DnsSettings,
): Zone {
  const seen = new Set<string>();
  const rrsetTtl = new Map<string, number>();
  const records: ResourceRecord[] = [];
  for (const rr of [...providerRecords(serial, s), ...drafts.flatMap((d) => renderRecord(d, s))]) {
    const id = `${rr.name}\u0000${rr.type}\u0000${rr.content}`;
    if (seen.has(id)) continue;
    seen.add(id);
    records.push(rr);
    const set = `${rr.name}\u0000${rr.type}`;
    rrsetTtl.set(set, Math.min(rrsetTtl.get(set) ?? rr.ttl, rr.ttl));
  }
  for (const rr of records) rr.ttl = rrsetTtl.get(`${rr.name}\u0000${rr.type}`) ?? rr.ttl;
  return { name: domain, serial, ttl: s.ttl, records };
}

/** Next SOA serial: date-based (YYYYMMDDnn) and always above the last one. */
export function nextSerial(previous: number, now: number): number {
  const d = new Date(now);
  const day = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  return Math.max(previous + 1, day * 100);
}
