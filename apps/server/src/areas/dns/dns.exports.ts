import type { ZoneRecords } from '../../model/dns-records.ts';
import type { MailZone, ZoneDefaults } from '../../model/mail-zone.ts';
import type { ContributedDefaults } from './dns.contributed.ts';
import type { DnsService } from './dns.service.ts';

/** What the DNS area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface DnsExports {
  zoneRecords: ZoneRecords;
  /** The records mail needs: their state in the zone, and adding the missing ones. */
  mailZone: MailZone;
  /** Another area keeps records in a zone's defaults (a reset keeps or re-adds them). */
  zoneDefaults: { register(provider: ZoneDefaults): void };
}

export function dnsExports(svc: DnsService, contributed: ContributedDefaults): DnsExports {
  return {
    zoneRecords: {
      ensure: (domain, records) => svc.ensureRecords(domain, records),
      serveName: (domain, host) => svc.serveName(domain, host),
    },
    mailZone: svc.mailZone,
    zoneDefaults: { register: (provider) => contributed.register(provider) },
  };
}
