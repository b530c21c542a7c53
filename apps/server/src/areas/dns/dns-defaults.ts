import type { DnsSettings } from './dns-provider-settings.ts';
import { EMPTY_DRAFT, type RecordDraft } from './dns-records.ts';

/**
 * The provider's default zone, from the operator's settings: the domain and www on the hosting
 * server, mail to the provider's mail host (or to the spam filter when the domain has it), SPF.
 */
export function defaultRecords(s: DnsSettings, hasSpamfilter: boolean): RecordDraft[] {
  const record = (d: Partial<RecordDraft> & Pick<RecordDraft, 'kind'>): RecordDraft => ({
    ...EMPTY_DRAFT,
    host: '',
    ttl: s.ttl,
    ...d,
  });
  const mx = hasSpamfilter
    ? s.spamfilterMx.map((m) => record({ kind: 'MX', value: m.host, priority: m.priority }))
    : [record({ kind: 'MX', value: s.mailHost, priority: 10 })];
  return [
    record({ kind: 'HOST' }),
    record({ kind: 'HOST', host: 'www' }),
    ...mx,
    ...(s.spf ? [record({ kind: 'TXT', value: s.spf })] : []),
  ];
}
