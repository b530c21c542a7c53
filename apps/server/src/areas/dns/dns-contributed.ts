import { dns } from '@haven/contract';
import type { ZoneDefaults } from '../../model/mail-zone.ts';
import type { DomainRef } from '../../model/principal.ts';
import { signature, toDraft, type RecordDraft } from './dns-records.ts';

/** Why another area keeps records in the defaults: its subdomains' names, or its mail. */
export type ContributedBecause = Exclude<dns.KeptBecause, 'provider'>;

/** The defaults a reset gives, each record once, with why each is there. */
export interface FullDefaults {
  drafts: RecordDraft[];
  /** By signature; a record not in it is the provider's. */
  because: ReadonlyMap<string, dns.KeptBecause>;
}

/**
 * Records other areas keep in a zone's defaults (registered in areas/registry.ts): a DNS reset
 * keeps or re-adds them, and the list marks them as defaults. A provider that fails, or a record
 * the schema refuses, is logged and left out: the reset still gives the provider's defaults.
 * A subdomain's record is marked as served for it, so deleting the subdomain deletes it.
 */
export function createContributedDefaults(logger: { error(obj: object, msg: string): void }) {
  const providers: { because: ContributedBecause; provider: ZoneDefaults }[] = [];

  async function recordsOf(
    { because, provider }: (typeof providers)[number],
    domain: DomainRef,
  ): Promise<{ draft: RecordDraft; because: ContributedBecause }[]> {
    try {
      return (await provider(domain)).map((r) => {
        const draft = toDraft(
          dns.recordInput.parse({ record: r.type, host: r.host, value: r.value }),
          domain.name,
        );
        return {
          draft: because === 'subdomain' ? { ...draft, served_for: draft.host } : draft,
          because,
        };
      });
    } catch (err) {
      logger.error({ err, domain: domain.name }, 'dns: default records of another area left out');
      return [];
    }
  }

  /** The areas' own defaults, in the order they registered. */
  async function tagged(domain: DomainRef) {
    return (await Promise.all(providers.map((p) => recordsOf(p, domain)))).flat();
  }

  return {
    register(because: ContributedBecause, provider: ZoneDefaults): void {
      providers.push({ because, provider });
    },
    records: async (domain: DomainRef): Promise<RecordDraft[]> =>
      (await tagged(domain)).map((t) => t.draft),
    /** The provider's defaults with every area's own, each record once (the provider's first). */
    async withDefaults(domain: DomainRef, base: readonly RecordDraft[]): Promise<FullDefaults> {
      const more = await tagged(domain);
      const because = new Map<string, dns.KeptBecause>();
      const provider = new Set(base.map(signature));
      for (const t of more) {
        const sig = signature(t.draft);
        if (!provider.has(sig) && !because.has(sig)) because.set(sig, t.because);
      }
      return {
        drafts: mergeDefaults(
          base,
          more.map((t) => t.draft),
        ),
        because,
      };
    },
  };
}
export type ContributedDefaults = ReturnType<typeof createContributedDefaults>;

/** `base` with the records of `more` it does not have yet, each once. */
export function mergeDefaults(
  base: readonly RecordDraft[],
  more: readonly RecordDraft[],
): RecordDraft[] {
  const all = [...base];
  const seen = new Set(all.map(signature));
  for (const draft of more)
    if (!seen.has(signature(draft))) {
      seen.add(signature(draft));
      all.push(draft);
    }
  return all;
}
