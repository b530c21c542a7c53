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

/**
 * How the served zone differs from a desired one, counted in records (a changed TTL or content
 * counts as one removed and one added). `served` false: the server does not have the zone.
 */
export interface ZoneDiff {
  /** The implementation the zone was compared in (for the operator's texts). */
  server: DnsServerKind;
  served: boolean;
  added: number;
  removed: number;
  /** Anything differs, records or not (a zone file's header, the list of zones). */
  differs: boolean;
}

/** Which implementation serves the zones on a node. */
export type DnsServerKind = 'bind-files' | 'powerdns';

export interface DnsServer {
  /**
   * Makes the served zone exactly `zone`: creates it when missing, replaces every RRset, removes
   * RRsets that are no longer wanted. Idempotent; throws when the server refuses the zone.
   */
  applyZone(zone: Zone): Promise<void>;
  /** What `applyZone(zone)` would change (reconcile asks before it applies); changes nothing. */
  diffZone(zone: Zone): Promise<ZoneDiff>;
  /** Stops serving the zone; no error when it is not there. */
  removeZone(name: string): Promise<void>;
}

/** Counts what is in `wanted` and not in `served` (added) and the reverse (removed), as multisets. */
export function countDiff(
  wanted: readonly string[],
  served: readonly string[],
): Omit<ZoneDiff, 'server'> {
  const left = new Map<string, number>();
  for (const s of served) left.set(s, (left.get(s) ?? 0) + 1);
  let added = 0;
  for (const w of wanted) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else added += 1;
  }
  const removed = [...left.values()].reduce((a, b) => a + b, 0);
  return { served: true, added, removed, differs: added + removed > 0 };
}
