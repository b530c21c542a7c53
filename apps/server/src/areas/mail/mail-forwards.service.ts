import type { mail } from '@haven/contract';
import { MAIL_LIMITS } from '@haven/contract/mail';
import type { DomainRef } from '../../model/principal.ts';
import { conflict, invalid, notFound } from './mail.errors.ts';
import { hasLoop, nameClash, type MailSnapshot } from './mail-names.ts';
import { applyDomain, snapshot, type MailDeps } from './mail-apply.ts';

/** The forward limit of the domain's plan (specs: '{current} of {max}', the max from the server). */
export const forwardsMax = (domain: DomainRef) =>
  domain.instap ? MAIL_LIMITS.forwardsInstap : MAIL_LIMITS.forwards;

/** Forwards: a local part of the domain that delivers to one address elsewhere (or here). */
export function createMailForwardsService(deps: MailDeps) {
  const { store, clock } = deps;
  const record = (domain: DomainRef, f: { name: string; target: string }): mail.MailForward => ({
    host: f.name,
    address: `${f.name}@${domain.name}`,
    value: f.target,
  });

  function judge(snap: MailSnapshot) {
    if (hasLoop(snap)) throw invalid('invalid_to', { to: 'loop' });
  }

  async function find(domain: DomainRef, from: string) {
    const f = (await store.forwards(domain.id)).find((x) => x.name === from);
    if (!f) throw notFound('not_found');
    return f;
  }

  return {
    async list(domain: DomainRef): Promise<mail.MailForwardList> {
      const rows = await store.forwards(domain.id);
      return {
        records: rows.map((f) => record(domain, f)),
        limit: { current: rows.length, max: forwardsMax(domain) },
      };
    },

    get: async (domain: DomainRef, from: string) => record(domain, await find(domain, from)),

    async create(domain: DomainRef, body: mail.MailForwardInput) {
      const snap = await snapshot(deps, domain);
      if (snap.forwards.length >= forwardsMax(domain)) throw conflict('limit_reached');
      if (nameClash(snap, body.from)) throw conflict('from_in_use');
      judge({ ...snap, forwards: [...snap.forwards, { name: body.from, target: body.to }] });
      await store.insertForward(domain.id, body.from, body.to, clock.now());
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        await store.deleteForward(domain.id, body.from);
        throw error;
      }
      return record(domain, { name: body.from, target: body.to });
    },

    async update(domain: DomainRef, from: string, value: string) {
      const old = await find(domain, from);
      const snap = await snapshot(deps, domain);
      judge({
        ...snap,
        forwards: snap.forwards.map((f) => (f.name === from ? { ...f, target: value } : f)),
      });
      await store.updateForward(domain.id, from, value);
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        await store.updateForward(domain.id, from, old.target);
        throw error;
      }
      return record(domain, { name: from, target: value });
    },

    async remove(domain: DomainRef, from: string) {
      const old = await find(domain, from);
      await store.deleteForward(domain.id, from);
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        await store.insertForward(domain.id, old.name, old.target, old.created_at);
        throw error;
      }
    },
  };
}
