import type * as dns from '@haven/contract/dns';
import { i18n } from '../../lib/i18n.ts';

export const loadTexts = () => i18n.loadNamespaces(['dns']);

export const URL_LIST = '/api/a.nl/webhosting/dns';

const base: dns.DnsRecord = {
  id: 1,
  record: 'A',
  host: '',
  domain: 'a.nl',
  value: '',
  ttl: 899,
  priority: null,
  weight: null,
  port: null,
  service: null,
  protocol: null,
  target: null,
  flags: null,
  tag: null,
  redirect: null,
  isInternal: false,
  isSpamfilter: false,
  isDefault: false,
  readonly: false,
};

export const row = (r: Partial<dns.DnsRecord>): dns.DnsRecord => ({ ...base, ...r });

export const LIST: dns.DnsList = {
  ns_remote: false,
  has_spamfilter: false,
  a_cname_host_count: 2,
  mx_target: 'mail.haven.test',
  serial: 2026112301,
  services: ['sip'],
  records: [
    row({
      id: 0,
      record: 'SOA',
      value: 'ns1.haven.test. hostmaster.haven.test. 2026112301 10800 3600 604800 899',
      readonly: true,
      isDefault: true,
    }),
    row({ id: -1, record: 'NS', value: 'ns1.haven.test', readonly: true, isDefault: true }),
    row({ id: 3, record: 'A', host: 'kassa', domain: 'kassa.a.nl', value: '192.0.2.15' }),
    row({
      id: 4,
      record: 'HOST',
      host: 'www',
      domain: 'www.a.nl',
      value: '192.0.2.10',
      isDefault: true,
    }),
    row({
      id: 5,
      record: 'MX',
      value: 'mail.haven.test',
      target: 'mail.haven.test',
      priority: 10,
      isDefault: true,
    }),
    row({
      id: 6,
      record: 'SRV',
      host: '',
      domain: '_sip._tls.a.nl',
      value: 'sip.example.org',
      target: 'sip.example.org',
      service: 'sip',
      protocol: 'tls',
      priority: 30,
      weight: 0,
      port: 5061,
    }),
  ],
};

export const AVAILABLE: dns.DnsAvailable = {
  kinds: (['A', 'AAAA', 'CNAME', 'HOST', 'MX', 'TXT', 'SRV', 'CAA', 'FORWARD'] as const).map(
    (record) => ({
      record,
      blocked: record === 'FORWARD' ? 'forward_address_conflict' : null,
    }),
  ),
  services: ['sip', 'autodiscover'],
  protocols: ['tcp', 'tls', 'udp'],
  priorities: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100],
  caa_tags: ['issue', 'issuewild', 'iodef'],
  ttl: { min: 60, max: 86400, default: 899 },
  hosting: { ipv4: '192.0.2.10', ipv6: null },
  mx_target: 'mail.haven.test',
};
