import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** Stored record kinds: the editable types (C is stored as CNAME). */
export type StoredKind = 'A' | 'AAAA' | 'CNAME' | 'HOST' | 'MX' | 'TXT' | 'SRV' | 'CAA' | 'FORWARD';

/** One row per domain whose zone Haven serves. */
export interface DnsZonesTable {
  domain_id: number;
  /** SOA serial of the zone as last applied; raised on every change. */
  serial: number;
  /** The domain owns the spam filter product: its MX records are the filter's and locked. */
  has_spamfilter: Generated<number>;
  /** The domain is delegated to name servers elsewhere (set by the operator). */
  ns_remote: Generated<number>;
  /** Those name servers, space-separated (null when Haven's own serve the zone). */
  ns_remote_hosts: string | null;
  updated_at: number;
}

/**
 * The desired records of a zone. `host` is relative to the domain ('' = apex); `value` holds the
 * address, the absolute target (no trailing dot), the text, the CAA value or the forward URL.
 */
export interface DnsRecordsTable {
  id: Generated<number>;
  domain_id: number;
  kind: StoredKind;
  host: string;
  value: string;
  ttl: number;
  priority: number | null;
  weight: number | null;
  port: number | null;
  service: string | null;
  protocol: 'tcp' | 'tls' | 'udp' | null;
  flags: number | null;
  tag: 'issue' | 'issuewild' | 'iodef' | null;
  /** FORWARD: the redirect's HTTP status; null for every other kind. */
  redirect: 301 | 302 | null;
  /**
   * The subdomain whose name Haven serves with this record (added for a new subdomain or by a
   * reset): it goes when that subdomain is deleted. Null for the customer's own and the
   * provider's records; a customer's edit makes the record theirs (null).
   */
  served_for: string | null;
  created_at: number;
  updated_at: number;
}

export type DnsTables = {
  dns_zones: DnsZonesTable;
  dns_records: DnsRecordsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type DnsDb = AreaDb<DnsTables>;
