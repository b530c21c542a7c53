import { dns } from '@haven/contract';
import type { ZoneDefaults } from '../../model/mail-zone.ts';
import type { DomainRef } from '../../model/principal.ts';
import { signature, toDraft, type RecordDraft } from './dns.records.ts';

/**
 * Records other areas keep in a zone's defaults (registered in areas/registry.ts): a DNS reset
 * keeps or re-adds them, and the list marks them as defaults. A provider that fails, or a record
 * the schema refuses, is logged and left out: the reset still gives the provider's defaults.
 */
export function createContributedDefaults(logger: { error(obj: object, msg: string): void }) {
  const providers: ZoneDefaults[] = [];

  async function recordsOf(provider: ZoneDefaults, domain: DomainRef): Promise<RecordDraft[]> {
    try {
      return (await provider(domain)).map((r) =>
        toDraft(
          dns.recordInput.parse({ record: r.type, host: r.host, value: r.value }),
          domain.name,
        ),
      );
    } catch (err) {
      logger.error({ err, domain: domain.name }, 'dns: default records of another area left out');
      return [];
    }
  }

  /** The areas' own defaults, in the order they registered. */
  async function records(domain: DomainRef): Promise<RecordDraft[]> {
    return (await Promise.all(providers.map((p) => recordsOf(p, domain)))).flat();
  }

  return {
    register(provider: ZoneDefaults): void {
      providers.push(provider);
    },
    records,
    /** The provider's defaults with every area's own, each record once. */
    async withDefaults(domain: DomainRef, base: readonly RecordDraft[]): Promise<RecordDraft[]> {
      return mergeDefaults(base, await records(domain));
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
