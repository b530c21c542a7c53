import { DKIM_SELECTOR } from './dkim-keys.ts';

/**
 * The DNS records a mail domain needs, as plain values the mail area hands to the DNS area.
 * Names are relative to the zone (`@` is the apex).
 */
export interface MailDnsRecord {
  type: 'MX' | 'TXT';
  host: string;
  value: string;
  priority?: number;
}

/** `v=spf1 mx a ~all`, plus the node's public addresses when known: the MX sends the mail. */
export function spfValue(ips: readonly string[] = []): string {
  const mechanisms = ips.map((ip) => (ip.includes(':') ? `ip6:${ip}` : `ip4:${ip}`));
  return ['v=spf1', 'mx', 'a', ...mechanisms, '~all'].join(' ');
}

/**
 * A cautious DMARC start: quarantine what fails both SPF and DKIM alignment, reports to the
 * domain's own postmaster (a mailbox the customer can create).
 */
export function dmarcValue(domain: string): string {
  return `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${domain}`;
}

export function dkimRecordHost(selector = DKIM_SELECTOR): string {
  return `${selector}._domainkey`;
}

/** A TXT value over 255 bytes goes out as several strings of one record (RFC 7208 §3.3). */
export function txtChunks(value: string, size = 255): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < value.length; i += size) chunks.push(value.slice(i, i + size));
  return chunks.length ? chunks : [''];
}

/** MX, SPF, DKIM and DMARC for a domain whose mail this node receives as `mxHost`. */
export function mailDnsRecords(input: {
  domain: string;
  mxHost: string;
  dkimTxt: string;
  selector?: string;
  ips?: readonly string[];
}): MailDnsRecord[] {
  return [
    { type: 'MX', host: '@', value: input.mxHost, priority: 10 },
    { type: 'TXT', host: '@', value: spfValue(input.ips) },
    { type: 'TXT', host: dkimRecordHost(input.selector), value: input.dkimTxt },
    { type: 'TXT', host: '_dmarc', value: dmarcValue(input.domain) },
  ];
}
