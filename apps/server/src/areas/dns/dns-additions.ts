import { dns } from '@haven/contract';
import type { DomainRef } from '../../model/principal.ts';
import type { DnsSettings } from './dns-provider-settings.ts';
import { invalid } from './dns.errors.ts';
import { signature, toDraft, type RecordDraft } from './dns-records.ts';
import { checkRecord } from './dns-rules.ts';
import type { CurrentZone, ZoneSync } from './dns-sync.ts';

/**
 * Records another area (or the provider's defaults) adds to a zone: each the zone does not serve
 * yet, checked by the same rules as a customer's own, all in one zone change. The caller holds
 * the zone's lock and passes the zone it loaded.
 */
export function createAdditions(sync: ZoneSync, settings: DnsSettings) {
  async function addDrafts(
    domain: DomainRef,
    c: CurrentZone,
    drafts: readonly RecordDraft[],
  ): Promise<{ added: number }> {
    const have = new Set(c.records.map(signature));
    const added: RecordDraft[] = [];
    for (const draft of drafts) {
      if (have.has(signature(draft))) continue;
      checkRecord(draft, {
        domain: domain.name,
        others: [...c.records, ...added],
        hasSpamfilter: c.zone.has_spamfilter === 1,
        settings,
      });
      have.add(signature(draft));
      added.push(draft);
    }
    if (added.length > 0) await sync.commit(domain, c, [...c.records, ...added], { insert: added });
    return { added: added.length };
  }

  /** Inputs as another area sends them: the customer's schema first (`validation` when not). */
  function draftsOf(domain: DomainRef, inputs: readonly dns.RecordInput[]): RecordDraft[] {
    return inputs.map((input) => {
      const parsed = dns.recordInput.safeParse(input);
      if (!parsed.success) throw invalid('validation');
      return toDraft(parsed.data, domain.name);
    });
  }

  return {
    addDrafts,
    draftsOf,
    addMissing: (domain: DomainRef, c: CurrentZone, inputs: readonly dns.RecordInput[]) =>
      addDrafts(domain, c, draftsOf(domain, inputs)),
  };
}
export type Additions = ReturnType<typeof createAdditions>;
