import type {
  MailFilter,
  MailFilterRules,
  MailboxSpamSettings,
} from '../../platform/mail-filter/mail-filter.port.ts';
import type { Logger } from '../../model/logger.ts';
import type { MailStore } from './mail.store.ts';
import { readRules } from './mail-view.ts';

/**
 * What the node's mail filter should know, from SQL: every domain whose mail is on and that has
 * an account signs its mail with its DKIM key; every mailbox address and each of its aliases gets
 * the mailbox's spam settings (rspamd matches the recipient).
 */
export async function desiredFilterRules(store: MailStore): Promise<MailFilterRules> {
  const [domains, accounts, aliases] = await Promise.all([
    store.allDomains(),
    store.allAccounts(),
    store.allAliases(),
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
 * Brings the filter in line with SQL, one run at a time (each reads SQL when its turn comes, so
 * the last change always wins). Without a filter (services off, tests) it does nothing.
 */
export function createFilterSync(filter: Pick<MailFilter, 'apply'> | null, store: MailStore) {
  let chain: Promise<void> = Promise.resolve();
  return (): Promise<void> => {
    if (!filter) return Promise.resolve();
    const next = chain.then(async () => filter.apply(await desiredFilterRules(store)));
    chain = next.catch(() => undefined);
    return next;
  };
}

/** A sync whose failure is logged, not the customer's: the mail flows on the old rules. */
export async function syncFilterLogged(
  deps: { syncFilter?: () => Promise<void>; logger: Logger },
  what: string,
): Promise<void> {
  try {
    await deps.syncFilter?.();
  } catch (error) {
    deps.logger.error({ err: error, after: what }, 'mail: the spam filter kept its old rules');
  }
}
