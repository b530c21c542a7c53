import type {
  AliasEntry,
  MailboxEntry,
  MailState,
} from '../../platform/mail-server/mail-server.port.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { NODE_LIST_EXPANDER } from '../../platform/mail-server/mail-server.remote.ts';
import type { MailStore } from './mail.store.ts';

export const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * Everything a node's mail server should serve, from SQL: every domain of the node whose mail is
 * on (the operator's switch and the customer's), its mailboxes, aliases, groups, forwards and
 * catch-all. A domain whose mail is off keeps its mailboxes readable but receives nothing.
 * Mailing lists' addresses go to the node's own list expander.
 */
export async function desiredMailState(
  store: MailStore,
  node: NodeName,
  lists: readonly { domainId: number; local: string }[] = [],
): Promise<MailState> {
  const [domains, accounts, aliases, forwards] = await Promise.all([
    store.allDomains(node),
    store.allAccounts(node),
    store.allAliases(node),
    store.allForwards(node),
  ]);
  const byId = new Map(domains.map((d) => [d.id, d]));
  const on = (domainId: number) => {
    const d = byId.get(domainId);
    return d !== undefined && d.mail_active === 1 && d.active !== 0;
  };
  const at = (name: string, domainId: number) => `${name}@${byId.get(domainId)?.name ?? ''}`;
  const mailboxes: MailboxEntry[] = [];
  const aliasEntries: AliasEntry[] = [];
  const accountAddress = new Map<number, string>();
  for (const a of accounts) {
    const address = at(a.name, a.domain_id);
    accountAddress.set(a.id, address);
    if (a.type === 'address' && a.password_hash)
      mailboxes.push({
        address,
        passwordHash: a.password_hash,
        quotaMb: a.quota_mb,
        forwardTo: on(a.domain_id) ? parseList(a.targets) : [],
      });
    else if (a.type === 'group' && on(a.domain_id))
      aliasEntries.push({ address, targets: parseList(a.targets) });
  }
  for (const alias of aliases) {
    const target = accountAddress.get(alias.account_id);
    if (target && on(alias.domain_id))
      aliasEntries.push({ address: at(alias.name, alias.domain_id), targets: [target] });
  }
  for (const f of forwards)
    if (on(f.domain_id))
      aliasEntries.push({ address: at(f.name, f.domain_id), targets: [f.target] });
  const served = domains.filter((d) => on(d.id));
  return {
    domains: served.map((d) => ({ domain: d.name, catchAll: d.catch_all ?? null })),
    mailboxes,
    aliases: aliasEntries,
    listRoutes: lists
      .filter((l) => on(l.domainId))
      .map((l) => ({ address: at(l.local, l.domainId), transport: NODE_LIST_EXPANDER })),
  };
}
