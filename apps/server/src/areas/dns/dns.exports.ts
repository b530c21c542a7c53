import type { ZoneRecords } from '../../model/dns-records.ts';
import type { MailZone, ZoneDefaults } from '../../model/mail-zone.ts';
import type { ContributedBecause, ContributedDefaults } from './dns-contributed.ts';
import type { DnsService } from './dns.service.ts';

/** What the DNS area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface DnsExports {
  zoneRecords: ZoneRecords;
  /** The records mail needs: their state in the zone, and adding the missing ones. */
  mailZone: MailZone;
  /**
   * Another area keeps records in a zone's defaults (a reset keeps or re-adds them), and says
   * why: its subdomains' names or its mail (the reset's confirmation tells the customer).
   */
  zoneDefaults: { register(because: ContributedBecause, provider: ZoneDefaults): void };
  /** The spam filter product points the domain's MX at the filter (the shop's fulfilment). */
  setSpamfilter: DnsService['setSpamfilter'];
  /** The operator's delegation to external name servers (`haven domain:nameservers`). */
  setNameservers: DnsService['setNameservers'];
}

/** The provider's name servers from the settings, for the hosting node's DNS answer. */
export { loadDnsSettings } from './dns-provider-settings.ts';

export function dnsExports(svc: DnsService, contributed: ContributedDefaults): DnsExports {
  return {
    zoneRecords: {
      ensure: (domain, records) => svc.ensureRecords(domain, records),
      serveName: (domain, host) => svc.serveName(domain, host),
      releaseName: (domain, host) => svc.releaseName(domain, host),
    },
    mailZone: svc.mailZone,
    zoneDefaults: { register: (because, provider) => contributed.register(because, provider) },
    setSpamfilter: (domain, on) => svc.setSpamfilter(domain, on),
    setNameservers: (domain, hosts) => svc.setNameservers(domain, hosts),
  };
}
