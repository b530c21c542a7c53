/**
 * The authoritative DNS server as the DNS area sees it: Haven keeps the desired zone in SQL and
 * hands the whole zone to the adapter, which makes the served zone equal to it.
 */

/** One resource record in presentation format. Names are relative to the zone ('' = apex). */
export interface ResourceRecord {
  name: string;
  type: 'SOA' | 'NS' | 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'SRV' | 'CAA';
  ttl: number;
  /** RDATA as in a zone file, names absolute with their trailing dot (`10 mail.example.test.`). */
  content: string;
}

export interface Zone {
  /** The domain, lower case, without trailing dot. */
  name: string;
  serial: number;
  /** The default TTL (`$TTL`). */
  ttl: number;
  /** Every record, SOA and NS included. RRsets share one TTL. */
  records: ResourceRecord[];
}

export interface DnsServer {
  /** Which implementation runs (for logs and the operations page). */
  readonly kind: 'bind-files' | 'powerdns';
  /**
   * Makes the served zone exactly `zone`: creates it when missing, replaces every RRset, removes
   * RRsets that are no longer wanted. Idempotent; throws when the server refuses the zone.
   */
  applyZone(zone: Zone): Promise<void>;
  /** Stops serving the zone; no error when it is not there. */
  removeZone(name: string): Promise<void>;
}
