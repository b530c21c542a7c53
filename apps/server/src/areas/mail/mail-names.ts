import type { AccountType } from './mail.store.ts';

/** What a domain's mail names are taken by, and where its mail goes: enough to judge a change. */
export interface MailSnapshot {
  domain: string;
  accounts: readonly { id: number; name: string; type: AccountType; targets: readonly string[] }[];
  aliases: readonly { name: string; account_id: number }[];
  forwards: readonly { name: string; target: string }[];
  /** Local parts the domain's mailing lists hold (their names and bounce addresses). */
  lists?: readonly string[];
  /** The catch-all's target; null rejects unknown addresses. */
  catchAll: string | null;
}

export type NameClash =
  | 'exists_as_address'
  | 'exists_as_address_alias'
  | 'exists_as_group'
  | 'exists_as_group_alias'
  | 'exists_as_forward'
  | 'exists_as_list';

/** Who already holds `name` in the domain, ignoring the account `exceptId` (its own names). */
export function nameClash(snap: MailSnapshot, name: string, exceptId?: number): NameClash | null {
  const account = snap.accounts.find((a) => a.name === name && a.id !== exceptId);
  if (account) return account.type === 'group' ? 'exists_as_group' : 'exists_as_address';
  const alias = snap.aliases.find((a) => a.name === name && a.account_id !== exceptId);
  if (alias) {
    const owner = snap.accounts.find((a) => a.id === alias.account_id);
    return owner?.type === 'group' ? 'exists_as_group_alias' : 'exists_as_address_alias';
  }
  if (snap.forwards.some((f) => f.name === name)) return 'exists_as_forward';
  return snap.lists?.includes(name) ? 'exists_as_list' : null;
}

/**
 * Where each local address of the domain sends mail besides keeping it (a mailbox keeps its own
 * copy, so its self-delivery is no edge). Postfix expands these recursively: a cycle defers mail
 * for good ("mail forwarding loop"), so none may be saved.
 */
function edges(snap: MailSnapshot): Map<string, string[]> {
  const at = (name: string) => `${name}@${snap.domain}`;
  const graph = new Map<string, string[]>();
  const add = (from: string, to: readonly string[]) =>
    graph.set(from, [...(graph.get(from) ?? []), ...to.filter((t) => t !== from)]);
  for (const a of snap.accounts) add(at(a.name), a.targets);
  for (const alias of snap.aliases) {
    const owner = snap.accounts.find((a) => a.id === alias.account_id);
    if (owner) add(at(alias.name), [at(owner.name)]);
  }
  for (const f of snap.forwards) add(at(f.name), [f.target]);
  // A list delivers outside these maps (the list expander): a known address, no edge.
  for (const name of snap.lists ?? []) add(at(name), []);
  return graph;
}

/** Whether an address (of this domain) is served: else the catch-all takes it. */
export function isKnown(snap: MailSnapshot, address: string): boolean {
  return edges(snap).has(address);
}

/**
 * True when mail can go round: a cycle among the domain's addresses, a forward to itself, or a
 * catch-all whose target is an unknown address of the domain (it would catch itself).
 */
export function hasLoop(snap: MailSnapshot): boolean {
  const graph = edges(snap);
  const suffix = `@${snap.domain}`;
  if (snap.catchAll?.endsWith(suffix) && !graph.has(snap.catchAll)) return true;
  if (snap.forwards.some((f) => f.target === `${f.name}${suffix}`)) return true;
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string): boolean => {
    const seen = state.get(node);
    if (seen) return seen === 'open';
    state.set(node, 'open');
    for (const target of graph.get(node) ?? []) {
      // An unknown address of the domain goes to the catch-all.
      const next =
        target.endsWith(suffix) && !graph.has(target) && snap.catchAll ? snap.catchAll : target;
      if (visit(next)) return true;
    }
    state.set(node, 'done');
    return false;
  };
  return [...graph.keys()].some(visit);
}
