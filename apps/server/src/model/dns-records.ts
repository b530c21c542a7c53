import type { dns } from '@haven/contract';
import type { DomainRef } from './principal.ts';

/**
 * What another area may ask of a domain's zone: the records it needs served (mail: MX, SPF,
 * DKIM, autoconfig). Declared here, in the types layer, because the consumer is an area; the DNS
 * area implements it (areas/dns/dns.exports.ts) and areas/registry.ts hands it over.
 */
export interface ZoneRecords {
  /**
   * Adds each record the zone does not serve yet (same kind, name and value; the TTL aside) and
   * leaves every other record alone: one zone change at most, idempotent. The records pass the
   * same schema and rules as a customer's own (AppError with the DNS area's code when one does
   * not, and then nothing is added): a second SPF or DMARC policy at a name is refused with
   * `spf_exists` or `dmarc_exists`, as on the add and edit endpoints.
   */
  ensure(domain: DomainRef, records: readonly dns.RecordInput[]): Promise<{ added: number }>;
  /**
   * Serves `host` (relative to the domain) on the hosting server with a HOST record, unless the
   * zone already gives that name an address (A, AAAA, CNAME or HOST): a customer's own choice
   * stays. Idempotent.
   */
  serveName(domain: DomainRef, host: string): Promise<{ added: number }>;
  /**
   * The subdomain `host` is gone: removes the records Haven served it with (the HOST record
   * `serveName` or a reset added), never one the customer made or edited. Idempotent.
   */
  releaseName(domain: DomainRef, host: string): Promise<{ removed: number }>;
}
