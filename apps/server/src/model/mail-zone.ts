import type { DomainRef } from './principal.ts';

/** The DNS records mail needs, by what they do. */
export type MailRecordPurpose = 'mx' | 'spf' | 'dkim' | 'dmarc';

/** A TXT record the mail area owns (DKIM, DMARC); names are relative to the zone. */
export interface MailOwnRecord {
  purpose: 'dkim' | 'dmarc';
  host: string;
  value: string;
}

/** One record mail needs, and how the zone stands with it. */
export interface MailRecordState {
  purpose: MailRecordPurpose;
  type: 'MX' | 'TXT';
  /** Relative to the zone; `@` is the domain itself. */
  host: string;
  value: string;
  priority: number | null;
  /**
   * `present`: the zone serves it. `missing`: nothing of its kind is there. `different`: the
   * zone has its own record in that place (another MX, SPF or DMARC policy, another DKIM key).
   */
  state: 'present' | 'missing' | 'different';
  /** What the zone serves in that place instead (only when `different`). */
  found: string[];
}

/**
 * What the mail area may ask of a domain's zone: whether the records its mail needs are served,
 * and to add those that are missing. MX and SPF are the provider's (the DNS defaults, the spam
 * filter's MX when the domain has it); DKIM and DMARC are the mail area's own. A record the
 * customer made in the same place (a DMARC policy of their own) is never replaced nor doubled:
 * it answers `different`. The DNS area implements it (areas/dns/dns-mail-zone.ts).
 */
export interface MailZone {
  check(domain: DomainRef, own: readonly MailOwnRecord[]): Promise<MailRecordState[]>;
  /**
   * Adds the missing ones in one zone change: the mail area's own, and with `provider` also MX
   * and SPF. Answers what it added and the state after. Throws the DNS area's AppError when the
   * zone cannot take them (then nothing is added).
   */
  complete(
    domain: DomainRef,
    own: readonly MailOwnRecord[],
    opts: { provider: boolean },
  ): Promise<{ added: number; records: MailRecordState[] }>;
}

/**
 * Records another area wants kept in a domain's zone as part of its defaults (a DNS reset keeps
 * or re-adds them): mail's DKIM and DMARC while the domain's mail is on, a HOST record (value
 * '') per subdomain. Relative names.
 */
export type ZoneDefaults = (
  domain: DomainRef,
) => Promise<readonly { type: 'TXT' | 'HOST'; host: string; value: string }[]>;
