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

  return {
    register(provider: ZoneDefaults): void {
      providers.push(provider);
    },
    /** The provider's defaults with every area's own, each record once. */
    async withDefaults(domain: DomainRef, base: readonly RecordDraft[]): Promise<RecordDraft[]> {
      const all = [...base];
      const seen = new Set(all.map(signature));
      for (const provider of providers)
        for (const draft of await recordsOf(provider, domain))
          if (!seen.has(signature(draft))) {
            seen.add(signature(draft));
            all.push(draft);
          }
      return all;
    },
  };
}
export type ContributedDefaults = ReturnType<typeof createContributedDefaults>;
