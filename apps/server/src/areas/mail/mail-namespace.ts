import type { MailNamespace } from '../../model/mail-namespace.ts';
import { applyDomain, snapshot, type MailDeps } from './mail-apply.ts';
import { nameClash } from './mail-names.ts';

/**
 * The mail area's side of the shared namespace, for the mail lists area: who holds a name, the
 * domain's addresses, and a fresh render of the maps. Failures are plain errors: the lists area
 * answers with its own codes.
 */
export function mailNamespace(deps: MailDeps): MailNamespace {
  const lists = deps.lists ?? { source: null };
  return {
    async holder(domain, name) {
      // The lists' own names are judged by the lists area: only mail's names here.
      const snap = await snapshot({ store: deps.store }, domain);
      return nameClash(snap, name);
    },
    async addresses(domain) {
      const accounts = await deps.store.accounts(domain.id);
      return accounts.map((a) => `${a.name}@${domain.name}`);
    },
    async active(domain) {
      const settings = await deps.store.domainSettings(domain.id);
      return domain.mailActive && (settings?.active ?? 1) === 1;
    },
    async refresh(domain) {
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        throw new Error('the mail server refused the lists’ routes', { cause: error });
      }
    },
    provideLists(source) {
      lists.source = source;
    },
  };
}
