import type { BodyOf, mail } from '@haven/contract';
import type { DomainRef, Principal } from '../../model/principal.ts';
import { MailServerError } from '../../platform/mail-server/mail-server.port.ts';
import { FilterRejectedError } from '../../platform/mail-filter/rspamd-files.ts';
import { fail, invalid } from './mail.errors.ts';
import { applyDomain, snapshot, type MailDeps } from './mail-apply.ts';
import { assertOwnMailbox, type MailAccountsService } from './mail-accounts.service.ts';
import { readRules } from './mail-view.ts';
import type { AccountRow } from './mail.store.ts';

type AddressBody = BodyOf<typeof mail.updateAddress>;
type GroupBody = BodyOf<typeof mail.updateGroup>;

/**
 * Changes to an existing account: judged first (names, loops, password), then SQL, the server's
 * maps and the mailbox's Sieve script in that order; a refused step puts every earlier one back.
 */
export function createMailUpdateService(deps: MailDeps, accounts: MailAccountsService) {
  const { store } = deps;

  const aliasesOf = async (domain: DomainRef, id: number) =>
    (await store.aliases(domain.id)).filter((a) => a.account_id === id).map((a) => a.name);

  /** The row and aliases as they were, written back and applied again. */
  async function restore(domain: DomainRef, row: AccountRow, aliases: string[]) {
    const { id, domain_id: _d, name: _n, type: _t, created_at: _c, ...fields } = row;
    await store.updateAccount(id, domain.id, fields, aliases);
  }

  async function judged(domain: DomainRef, row: AccountRow, targets: string[], alias: string[]) {
    const snap = await snapshot(deps, domain);
    accounts.judge(
      {
        ...snap,
        accounts: snap.accounts.map((a) => (a.id === row.id ? { ...a, targets } : a)),
        aliases: [
          ...snap.aliases.filter((a) => a.account_id !== row.id),
          ...alias.map((name) => ({ name, account_id: row.id })),
        ],
      },
      alias,
      row.id,
    );
  }

  async function applyOrRestore(domain: DomainRef, row: AccountRow, oldAliases: string[]) {
    try {
      await applyDomain(deps, domain);
    } catch (error) {
      await restore(domain, row, oldAliases);
      throw error;
    }
  }

  return {
    async address(principal: Principal, domain: DomainRef, name: string, body: AddressBody) {
      assertOwnMailbox(principal, domain, name);
      const row = await accounts.own(domain, 'address', name);
      const oldAliases = await aliasesOf(domain, row.id);
      // A mailbox's own login changes its rules and password, not its names or its space.
      const self = principal.type === 'EMAIL';
      const alias = self ? oldAliases : body.alias;
      const quota = self ? row.quota_mb : body.quota;
      const address = `${name}@${domain.name}`;
      const addresses = [address, ...alias.map((a) => `${a}@${domain.name}`)];
      // The autoresponder's "forward to" its own mailbox would send each message back in.
      const forwardTo = body.autoresponder.forward_to;
      if (forwardTo && addresses.includes(forwardTo)) throw invalid('alias_loop');
      await judged(domain, row, body.forwarding.address, alias);
      const hash = body.password
        ? await accounts.passwordHash(domain, name, body.password)
        : row.password_hash;
      await store.updateAccount(
        row.id,
        domain.id,
        {
          password_hash: hash,
          quota_mb: quota,
          targets: JSON.stringify(body.forwarding.address),
          autoresponder: JSON.stringify(body.autoresponder),
          spamfilter: JSON.stringify(body.spamfilter),
        },
        alias,
      );
      await applyOrRestore(domain, row, oldAliases);
      try {
        // Only the rules cross to the node (never the body's password).
        const { autoresponder, spamfilter } = body;
        await deps.rules(domain.node).write(address, { autoresponder, spamfilter, addresses });
        await deps.syncFilter?.(domain.node);
      } catch (error) {
        await restore(domain, row, oldAliases);
        await applyDomain(deps, domain).catch(() => undefined);
        await deps
          .rules(domain.node)
          .write(address, { ...readRules(row), addresses: [address] })
          .catch(() => undefined);
        await deps.syncFilter?.(domain.node).catch(() => undefined);
        if (error instanceof MailServerError && error.reason === 'check_failed')
          throw fail('sieve_rejected', 'invalid', undefined, { cause: error });
        if (error instanceof FilterRejectedError)
          throw fail('filter_rejected', 'invalid', undefined, { cause: error });
        throw fail('unavailable', 'unavailable', undefined, { cause: error });
      }
      if (body.password && hash)
        await deps.logins?.sync(
          domain.id,
          name,
          address,
          hash,
          deps.clock.now(),
          self ? principal.sessionId : undefined,
        );
      return { errors: [] };
    },

    async group(domain: DomainRef, name: string, body: GroupBody) {
      const row = await accounts.own(domain, 'group', name);
      const oldAliases = await aliasesOf(domain, row.id);
      await judged(domain, row, body.members, body.alias);
      await store.updateAccount(
        row.id,
        domain.id,
        { targets: JSON.stringify(body.members) },
        body.alias,
      );
      await applyOrRestore(domain, row, oldAliases);
      return { errors: [] };
    },
  };
}
