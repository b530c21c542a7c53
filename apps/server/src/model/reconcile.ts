/**
 * One item `haven reconcile` found different from what the panel state renders, and repaired,
 * said in Haven's terms: `nginx vhost of example.nl rewritten`, `zone example.nl: 2 records
 * added in PowerDNS`. An area's `reconcile` hook (areas/area.ts) answers a list of these.
 */
export interface Difference {
  /** The domain the item belongs to. */
  domain: string;
  /** The area that owns the item (`webhosting`, `dns`). */
  area: string;
  text: string;
  /** False for what Haven cannot put back itself (the text says what to do); else repaired. */
  repaired?: boolean;
}
