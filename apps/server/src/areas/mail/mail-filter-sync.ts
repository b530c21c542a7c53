import type {
  MailFilter,
  MailFilterRules,
  MailboxSpamSettings,
} from '../../platform/mail-filter/mail-filter.port.ts';
import type { Logger } from '../../model/logger.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import type { MailStore } from './mail.store.ts';
import { readRules } from './mail-view.ts';
import { latestPerNode } from './node-turns.ts';

/**
 * What a node's mail filter should know, from SQL: every domain of the node whose mail is on and
 * that has an account signs its mail with its DKIM key; every mailbox address and each of its
 * aliases gets the mailbox's spam settings (rspamd matches the recipient).
 */
export async function desiredFilterRules(
  store: MailStore,
  node: NodeName,
): Promise<MailFilterRules> {
  const [domains, accounts, aliases] = await Promise.all([
    store.allDomains(node),
    store.allAccounts(node),
    store.allAliases(node),
  ]);
  const served = new Map(
    domains.filter((d) => d.mail_active === 1 && d.active !== 0).map((d) => [d.id, d.name]),
  );
  const used = new Set(accounts.map((a) => a.domain_id));
  const mailboxes: MailboxSpamSettings[] = [];
  for (const a of accounts) {
    const domain = served.get(a.domain_id);
    if (a.type !== 'address' || !domain) continue;
    const { spamfilter } = readRules(a);
    const names = [a.name, ...aliases.filter((x) => x.account_id === a.id).map((x) => x.name)];
    for (const name of names) mailboxes.push({ address: `${name}@${domain}`, spamfilter });
  }
  return {
    signing: [...served].filter(([id]) => used.has(id)).map(([, name]) => name),
    mailboxes,
  };
}

/**
 * Brings a node's filter in line with SQL, one run per node at a time (each reads SQL when its
 * turn comes, so the last change always wins). Without a filter (tests) it does nothing.
 */
export function createFilterSync(
  filter: NodePorts<Pick<MailFilter, 'apply'>> | null,
  store: MailStore,
): (node: NodeName) => Promise<void> {
  if (!filter) return () => Promise.resolve();
  return latestPerNode(async (node) => filter(node).apply(await desiredFilterRules(store, node)));
}

/** A sync whose failure is logged, not the customer's: the mail flows on the old rules. */
export async function syncFilterLogged(
  deps: { syncFilter?: (node: NodeName) => Promise<void>; logger: Logger },
  node: NodeName,
  what: string,
): Promise<void> {
  try {
    await deps.syncFilter?.(node);
  } catch (error) {
    deps.logger.error(
      { err: error, node, after: what },
      'mail: the spam filter kept its old rules',
    );
  }
}
