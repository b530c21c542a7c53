import type { mail } from '@haven/contract';
import type { DomainRef } from '../../model/principal.ts';
import { invalid } from './mail.errors.ts';
import { hasLoop } from './mail-names.ts';
import { syncFilterLogged } from './mail-filter-sync.ts';
import { applyDomain, snapshot, type MailDeps } from './mail-apply.ts';
import { completeMailDns, ensureDns, mailDnsStates } from './mail-dns.ts';

/** The domain's mail switch and catch-all, and the DNS records its mail needs. */
export function createMailSettingsService(deps: MailDeps) {
  const { store } = deps;

  async function get(domain: DomainRef): Promise<mail.MailSettings> {
    const row = await store.domainSettings(domain.id);
    return {
      active: domain.mailActive && (row?.active ?? 1) === 1,
      catch_all: row?.catch_all ? 'forward' : 'reject',
      catch_all_address: row?.catch_all ?? null,
      dns: await mailDnsStates(deps, domain),
    };
  }

  return {
    get,

    /** "Put the missing records in place" (see mail-dns.ts). */
    completeDns: (domain: DomainRef) => completeMailDns(deps, domain),

    async save(domain: DomainRef, body: mail.MailSettingsInput): Promise<mail.MailSettings> {
      const catchAll = body.catch_all === 'forward' ? body.catch_all_address : null;
      const snap = await snapshot(deps, domain);
      if (hasLoop({ ...snap, catchAll }))
        throw invalid('alias_loop', { catch_all_address: 'loop' });
      const old = await store.domainSettings(domain.id);
      await store.saveDomainSettings(domain.id, body.active, catchAll);
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        await store.saveDomainSettings(domain.id, (old?.active ?? 1) === 1, old?.catch_all ?? null);
        throw error;
      }
      if (body.active) await ensureDns(deps, domain);
      await syncFilterLogged(deps, domain.node, 'mail settings');
      return get(domain);
    },
  };
}
