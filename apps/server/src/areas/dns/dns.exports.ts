import type { ZoneRecords } from '../../model/dns-records.ts';
import type { DnsService } from './dns.service.ts';

/** What the DNS area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface DnsExports {
  zoneRecords: ZoneRecords;
}

export function dnsExports(svc: DnsService): DnsExports {
  return {
    zoneRecords: {
      ensure: (domain, records) => svc.ensureRecords(domain, records),
      serveName: (domain, host) => svc.serveName(domain, host),
    },
  };
}
