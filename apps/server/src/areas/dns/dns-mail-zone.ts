import type { MailOwnRecord, MailRecordState, MailZone } from '../../model/mail-zone.ts';
import type { DnsSettings } from './dns-provider-settings.ts';
import type { Additions } from './dns-additions.ts';
import { defaultRecords } from './dns-defaults.ts';
import type { DomainRef } from '../../model/principal.ts';
import { ownerName, type RecordDraft } from './dns-records.ts';
import type { CurrentZone, StoredRecord, ZoneSync } from './dns-sync.ts';

const SPF = /^v=spf1(\s|$)/i;

/** A record mail needs, with the zone's records that stand in its place. */
interface Wanted {
  purpose: MailRecordState['purpose'];
  draft: RecordDraft;
  /** The zone's records in the same place: another value there makes it `different`. */
  place: (r: StoredRecord) => boolean;
}

// Host names compare without case; TXT values (a DKIM key is base64) exactly.
const sameValue = (kind: string, a: string, b: string) =>
  kind === 'MX' ? a.toLowerCase() === b.toLowerCase() : a.trim() === b.trim();
const shown = (r: StoredRecord) =>
  r.kind === 'MX'
    ? `${r.priority ?? 0} ${r.value}`
    : r.kind === 'TXT'
      ? r.value
      : `${r.kind} ${r.value}`;

function wantedOf(
  c: CurrentZone,
  own: readonly { purpose: MailOwnRecord['purpose']; draft: RecordDraft }[],
  s: DnsSettings,
): Wanted[] {
  const provider = defaultRecords(s, c.zone.has_spamfilter === 1);
  const atApex = (kind: string) => (r: StoredRecord) => r.kind === kind && ownerName(r) === '';
  return [
    ...provider
      .filter((d) => d.kind === 'MX')
      .map((draft) => ({ purpose: 'mx' as const, draft, place: atApex('MX') })),
    ...provider
      .filter((d) => d.kind === 'TXT' && SPF.test(d.value))
      .map((draft) => ({
        purpose: 'spf' as const,
        draft,
        place: (r: StoredRecord) => atApex('TXT')(r) && SPF.test(r.value),
      })),
    ...own.map(({ purpose, draft }) => ({
      purpose,
      draft,
      // DKIM and DMARC own their name: any TXT (or a CNAME) there is the customer's choice.
      place: (r: StoredRecord) =>
        (r.kind === 'TXT' || r.kind === 'CNAME') && ownerName(r) === draft.host,
    })),
  ];
}

function stateOf(w: Wanted, all: readonly Wanted[], c: CurrentZone): MailRecordState {
  const there = c.records.filter(w.place);
  const base = {
    purpose: w.purpose,
    type: w.draft.kind === 'MX' ? ('MX' as const) : ('TXT' as const),
    host: w.draft.host === '' ? '@' : w.draft.host,
    value: w.draft.value,
    priority: w.draft.priority,
  };
  if (there.some((r) => r.kind === w.draft.kind && sameValue(r.kind, r.value, w.draft.value)))
    return { ...base, state: 'present', found: [] };
  // Another wanted record of the same place (the spam filter's second MX) is not the customer's.
  const foreign = there.filter(
    (r) => !all.some((o) => o.purpose === w.purpose && sameValue(r.kind, r.value, o.draft.value)),
  );
  return foreign.length === 0
    ? { ...base, state: 'missing', found: [] }
    : { ...base, state: 'different', found: foreign.map(shown) };
}

const statesOf = (c: CurrentZone, wanted: readonly Wanted[]) =>
  wanted.map((w) => stateOf(w, wanted, c));

/** The DNS area's side of `MailZone` (model/mail-zone.ts). */
export function createMailZone(
  sync: ZoneSync,
  settings: DnsSettings,
  additions: Additions,
): MailZone {
  // Mail's own records pass the customer's schema too (`validation` when one does not).
  const ownDrafts = (domain: DomainRef, own: readonly MailOwnRecord[]) =>
    own.map((o) => ({
      purpose: o.purpose,
      draft: additions.draftsOf(domain, [{ record: 'TXT', host: o.host, value: o.value }])[0]!,
    }));
  return {
    check: (domain, own) =>
      sync.withLock(domain.id, async () => {
        const c = await sync.load(domain);
        return statesOf(c, wantedOf(c, ownDrafts(domain, own), settings));
      }),
    complete: (domain, own, opts) =>
      sync.withLock(domain.id, async () => {
        const c = await sync.load(domain);
        const wanted = wantedOf(c, ownDrafts(domain, own), settings);
        const before = statesOf(c, wanted);
        const missing = wanted.filter(
          (w, i) =>
            before[i]?.state === 'missing' &&
            (opts.provider || w.purpose === 'dkim' || w.purpose === 'dmarc'),
        );
        const { added } = await additions.addDrafts(
          domain,
          c,
          missing.map((w) => w.draft),
        );
        const after = added > 0 ? await sync.load(domain) : c;
        return { added, records: statesOf(after, wanted) };
      }),
  };
}
