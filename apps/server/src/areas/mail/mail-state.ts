import type {
  AliasEntry,
  ListRoute,
  MailboxEntry,
  MailDomainEntry,
} from '../../platform/mail-server/mail-server.port.ts';
import type { MailPart } from '../../platform/mail-server/mail-parts.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { NODE_LIST_EXPANDER } from '../../platform/mail-server/mail-server.remote.ts';
import type { MailStore } from './mail.store.ts';

export const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

type Lists = readonly { domainId: number; local: string }[];

/**
 * What a node's mail server should serve, from SQL, one part per domain (empty ones left out):
 * every domain of the node whose mail is on (the operator's switch and the customer's), its
 * mailboxes, aliases, groups, forwards and catch-all. A domain whose mail is off keeps its
 * mailboxes readable but receives nothing. Mailing lists' addresses go to the node's own list
 * expander. `name` reads only that domain (absent or on another node: no part).
 */
export async function desiredParts(
  store: MailStore,
  node: NodeName,
  lists: Lists = [],
  name?: string,
): Promise<Map<string, MailPart>> {
  const domains = await store.allDomains(node, name);
  const one = name === undefined ? undefined : domains[0]?.id;
  if (name !== undefined && one === undefined) return new Map();
  const [accounts, aliases, forwards] = await Promise.all([
    store.allAccounts(node, one),
    store.allAliases(node, one),
    store.allForwards(node, one),
  ]);
  const byId = new Map(domains.map((d) => [d.id, d]));
  const parts = new Map<number, MailPart & Mutable>();
  const part = (domainId: number) => {
    let p = parts.get(domainId);
    if (!p) parts.set(domainId, (p = { domains: [], mailboxes: [], aliases: [], listRoutes: [] }));
    return p;
  };
  const on = (domainId: number) => {
    const d = byId.get(domainId);
    return d !== undefined && d.mail_active === 1 && d.active !== 0;
  };
  const at = (local: string, domainId: number) => `${local}@${byId.get(domainId)?.name ?? ''}`;
  const accountAddress = new Map<number, string>();
  for (const d of domains)
    if (on(d.id)) part(d.id).domains.push({ domain: d.name, catchAll: d.catch_all ?? null });
  for (const a of accounts) {
    const address = at(a.name, a.domain_id);
    accountAddress.set(a.id, address);
    if (a.type === 'address' && a.password_hash)
      part(a.domain_id).mailboxes.push({
        address,
        passwordHash: a.password_hash,
        quotaMb: a.quota_mb,
        forwardTo: on(a.domain_id) ? parseList(a.targets) : [],
      });
    else if (a.type === 'group' && on(a.domain_id))
      part(a.domain_id).aliases.push({ address, targets: parseList(a.targets) });
  }
  for (const alias of aliases) {
    const target = accountAddress.get(alias.account_id);
    if (target && on(alias.domain_id))
      part(alias.domain_id).aliases.push({
        address: at(alias.name, alias.domain_id),
        targets: [target],
      });
  }
  for (const f of forwards)
    if (on(f.domain_id))
      part(f.domain_id).aliases.push({ address: at(f.name, f.domain_id), targets: [f.target] });
  for (const l of lists)
    if (on(l.domainId))
      part(l.domainId).listRoutes.push({
        address: at(l.local, l.domainId),
        transport: NODE_LIST_EXPANDER,
      });
  const named = new Map<string, MailPart>();
  for (const d of domains) {
    const p = parts.get(d.id);
    if (p) named.set(d.name, p);
  }
  return named;
}

type Mutable = {
  domains: MailDomainEntry[];
  mailboxes: MailboxEntry[];
  aliases: AliasEntry[];
  listRoutes: ListRoute[];
};
