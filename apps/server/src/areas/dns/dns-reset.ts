import type { dns } from '@haven/contract';
import type { FullDefaults } from './dns-contributed.ts';
import { signature, type RecordDraft } from './dns-records.ts';
import type { CurrentZone } from './dns-sync.ts';
import { sortViews, toView, type ViewContext } from './dns-view.ts';

type Kept = { record: dns.DnsRecord; because: dns.KeptBecause };

const byRecord = (list: Kept[]): Kept[] => {
  const order = sortViews(list.map((k) => k.record));
  return order.map((r) => list.find((k) => k.record === r) as Kept);
};

/**
 * What a reset to the defaults does to the zone: the records not in the defaults go; those in
 * them stay, each with why (the provider's zone, a subdomain's name, the domain's mail); the
 * defaults the zone lacks are added.
 */
export function resetPreviewOf(
  c: CurrentZone,
  defaults: FullDefaults,
  ctx: ViewContext,
): dns.DnsResetPreview {
  const why = (d: RecordDraft) => defaults.because.get(signature(d)) ?? 'provider';
  const have = new Set(c.records.map(signature));
  const inDefaults = (r: RecordDraft) => ctx.defaults.has(signature(r));
  return {
    remove: sortViews(c.records.filter((r) => !inDefaults(r)).map((r) => toView(r, ctx))),
    keep: byRecord(
      c.records.filter(inDefaults).map((r) => ({ record: toView(r, ctx), because: why(r) })),
    ),
    add: byRecord(
      defaults.drafts
        .filter((d) => !have.has(signature(d)))
        .map((d, i) => ({ record: toView({ ...d, id: -1000 - i }, ctx), because: why(d) })),
    ),
  };
}
