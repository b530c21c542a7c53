import type { mail } from '@haven/contract';
import { MAIL_LIMITS } from '@haven/contract/mail';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { checkPasswordPolicy, hashPassword } from '../../lib/passwords.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import { conflict, invalid, notFound } from './mail.errors.ts';
import { hasLoop, nameClash, type MailSnapshot } from './mail-names.ts';
import { applyDomain, snapshot, type MailDeps } from './mail-apply.ts';
import { ensureDns } from './mail-dns.ts';
import { accountView } from './mail-view.ts';
import { syncFilterLogged } from './mail-filter-sync.ts';
import { isUniqueViolation, type AccountRow, type AccountType } from './mail.store.ts';

/** Mailboxes and groups: SQL first, then the server's state; a refused step undoes the SQL. */
export function createMailAccountsService(deps: MailDeps) {
  const { store, server, clock } = deps;
  const view = accountView(deps);

  async function own(domain: DomainRef, type: AccountType, name: string): Promise<AccountRow> {
    const row = await store.account(domain.id, name);
    if (!row || row.type !== type) throw notFound();
    return row;
  }

  /** Every name a change claims must be free, and the result must not send mail in a circle. */
  function judge(snap: MailSnapshot, names: readonly string[], exceptId?: number) {
    for (const name of names) {
      const clash = nameClash(snap, name, exceptId);
      if (clash) throw conflict(clash);
    }
    if (new Set(names).size !== names.length) throw conflict('exists_as_address_alias');
    if (hasLoop(snap)) throw invalid('alias_loop');
  }

  async function passwordHash(domain: DomainRef, name: string, password: string) {
    const problems = await checkPasswordPolicy(password, name, [domain.name]);
    if (problems.length > 0) throw invalid('invalid_password', { password: problems.join(',') });
    return hashPassword(password);
  }

  /** Inserts, applies, and takes the row out again when the server refused. */
  async function insertApplied(
    domain: DomainRef,
    row: Parameters<typeof store.insertAccount>[0],
    alias: string[],
  ) {
    let id: number;
    try {
      id = await store.insertAccount(row, alias);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('exists_as_address');
      throw error;
    }
    try {
      await applyDomain(deps, domain);
    } catch (error) {
      await store.deleteAccount(id);
      throw error;
    }
    return id;
  }

  return {
    async list(domain: DomainRef, type: AccountType): Promise<mail.MailAccountList> {
      const rows = await store.accounts(domain.id, type);
      const mailboxes = (await store.accounts(domain.id, 'address')).length;
      const settings = await store.domainSettings(domain.id);
      return {
        accounts: await view.summaries(domain, rows),
        limit: { current: mailboxes, max: domain.instap ? MAIL_LIMITS.instapAccounts : null },
        active: domain.mailActive && (settings?.active ?? 1) === 1,
      };
    },

    async createAddress(domain: DomainRef, body: mail.MailAccountInput) {
      if (domain.instap) {
        const count = (await store.accounts(domain.id, 'address')).length;
        if (count >= MAIL_LIMITS.instapAccounts) throw conflict('account_limit');
      }
      const snap = await snapshot(deps, domain);
      const next = {
        id: -1,
        name: body.name,
        type: 'address' as const,
        targets: body.forwarding.address,
      };
      judge(
        {
          ...snap,
          accounts: [...snap.accounts, next],
          aliases: [...snap.aliases, ...body.alias.map((name) => ({ name, account_id: -1 }))],
        },
        [body.name, ...body.alias],
        -1,
      );
      const hash = await passwordHash(domain, body.name, body.password);
      const at = clock.now();
      await insertApplied(
        domain,
        {
          domain_id: domain.id,
          name: body.name,
          type: 'address',
          password_hash: hash,
          quota_mb: body.quota,
          targets: JSON.stringify(body.forwarding.address),
          autoresponder: JSON.stringify(AUTORESPONDER_DEFAULTS),
          spamfilter: JSON.stringify(SPAMFILTER_DEFAULTS),
          created_at: at,
        },
        body.alias,
      );
      await deps.logins?.sync(domain.id, body.name, `${body.name}@${domain.name}`, hash, at);
      await syncFilterLogged(deps, domain.node, 'mailbox created');
      // The zone's mail records (a DKIM key is made the first time): not on the customer's wait.
      void ensureDns(deps, domain);
      return view.address(domain, await own(domain, 'address', body.name));
    },

    async createGroup(domain: DomainRef, body: mail.MailGroupInput) {
      const snap = await snapshot(deps, domain);
      const next = { id: -1, name: body.name, type: 'group' as const, targets: body.members };
      judge(
        {
          ...snap,
          accounts: [...snap.accounts, next],
          aliases: [...snap.aliases, ...body.alias.map((name) => ({ name, account_id: -1 }))],
        },
        [body.name, ...body.alias],
        -1,
      );
      await insertApplied(
        domain,
        {
          domain_id: domain.id,
          name: body.name,
          type: 'group',
          password_hash: null,
          quota_mb: 0,
          targets: JSON.stringify(body.members),
          autoresponder: null,
          spamfilter: null,
          created_at: clock.now(),
        },
        body.alias,
      );
      void ensureDns(deps, domain);
      return view.group(domain, await own(domain, 'group', body.name));
    },

    /** An EMAIL login sees only its own mailbox (as if no other existed). */
    async address(principal: Principal, domain: DomainRef, name: string) {
      assertOwnMailbox(principal, domain, name);
      return view.address(domain, await own(domain, 'address', name));
    },

    group: async (domain: DomainRef, name: string) =>
      view.group(domain, await own(domain, 'group', name)),

    own,
    judge,
    passwordHash,

    /** Mailbox (and its mail and rules) or group; the server forgets it before the Maildir goes. */
    async remove(domain: DomainRef, type: AccountType, name: string): Promise<void> {
      const row = await own(domain, type, name);
      const aliases = (await store.aliases(domain.id))
        .filter((a) => a.account_id === row.id)
        .map((a) => a.name);
      await store.deleteAccount(row.id);
      try {
        await applyDomain(deps, domain);
      } catch (error) {
        const { id: _id, ...rest } = row;
        await store.insertAccount(rest, aliases);
        throw error;
      }
      // The address and its aliases stop existing: no list of the domain keeps sending to them.
      const gone = [row.name, ...aliases].map((local) => `${local}@${domain.name}`);
      await deps.lists?.source?.addressesGone(domain.id, gone).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'mail: a removed address stayed subscribed to lists');
      });
      if (type === 'address') await deps.logins?.remove(domain.id, row.name);
      if (type === 'address') await syncFilterLogged(deps, domain.node, 'mailbox removed');
      if (type === 'address')
        await server(domain.node)
          .removeMailbox(`${row.name}@${domain.name}`)
          .catch((error: unknown) => {
            deps.logger.warn({ err: error }, 'mail: a removed mailbox kept its folder');
          });
    },
  };
}
export type MailAccountsService = ReturnType<typeof createMailAccountsService>;

/** An EMAIL login may act only on the mailbox it logs in with. */
export function assertOwnMailbox(principal: Principal, domain: DomainRef, name: string): void {
  if (principal.type !== 'EMAIL') return;
  if (principal.homeDomainId !== domain.id || principal.username !== name) throw notFound();
}
