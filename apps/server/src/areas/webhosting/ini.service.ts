import { webhosting } from '@haven/contract';
import { notFound, invalid, applyFailed } from './webhosting.errors.ts';
import type { SiteSync } from './site.ts';
import type { SubdomainsStore } from './subdomains.store.ts';
import type { Domain } from './webhosting.ports.ts';

const { iniProblems, normalizeIni, PHP_INI_SETTINGS } = webhosting;
type IniAvailableEntry = webhosting.IniAvailableEntry;

export interface IniDeps {
  subdomains: SubdomainsStore;
  site: SiteSync;
  log: (obj: object, msg: string) => void;
}

/** PHP settings per subdomain: only keys of the allowed list, each value checked for its kind. */
export function createIniService(deps: IniDeps) {
  const { subdomains } = deps;

  async function subId(domain: Domain, name: string): Promise<number> {
    const row = await subdomains.byName(domain.id, name);
    if (!row) throw notFound();
    return row.id;
  }

  const asRecord = (rows: { key: string; value: string }[]) =>
    Object.fromEntries(rows.map((r) => [r.key, r.value]));

  return {
    available: (): IniAvailableEntry[] => PHP_INI_SETTINGS.map((s) => ({ ...s })),

    async get(domain: Domain, name: string): Promise<Record<string, string>> {
      return asRecord(await subdomains.ini(await subId(domain, name)));
    },

    /**
     * Replaces the overrides; empty values are dropped (the default applies again). A value PHP
     * would not take fails on its field before anything is stored or written.
     */
    async set(
      domain: Domain,
      name: string,
      ini: Record<string, string>,
    ): Promise<Record<string, string>> {
      const id = await subId(domain, name);
      const next = normalizeIni(ini);
      const problems = iniProblems(next);
      const first = Object.values(problems)[0];
      if (first)
        throw invalid(
          first,
          Object.fromEntries(Object.entries(problems).map(([k, v]) => [`ini.${k}`, v])),
        );
      const before = asRecord(await subdomains.ini(id));
      await subdomains.replaceIni(id, next);
      try {
        await deps.site.apply(domain);
      } catch (error) {
        deps.log({ err: error, domain: domain.name }, 'webhosting: applying PHP settings failed');
        await subdomains.replaceIni(id, before);
        await deps.site.apply(domain).catch(() => undefined);
        throw applyFailed('unknown_error', error);
      }
      return asRecord(await subdomains.ini(id));
    },
  };
}
export type IniService = ReturnType<typeof createIniService>;
