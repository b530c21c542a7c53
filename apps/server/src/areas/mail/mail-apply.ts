import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { MailOwnRecord, MailZone } from '../../model/mail-zone.ts';
import type { MailListSource } from '../../model/mail-namespace.ts';
import type { MailboxRulesWriter } from '../../platform/mail-server/mailbox-rules.ts';
import {
  MailServerError,
  type MailChange,
  type MailServer,
} from '../../platform/mail-server/mail-server.port.ts';
import { fail } from './mail.errors.ts';
import type { MailSnapshot } from './mail-names.ts';
import { desiredMailState, parseList } from './mail-state.ts';
import type { MailStore } from './mail.store.ts';
import type { MailboxLogins } from './mailbox-logins.ts';

/** What the mail services need, narrowly. */
export interface MailDeps {
  store: MailStore;
  server: MailServer;
  rules: MailboxRulesWriter;
  /** The EMAIL login of each mailbox (absent in unit tests of the server steps). */
  logins?: MailboxLogins;
  clock: Clock;
  logger: Logger;
  /** The DNS records of mail's own (DKIM, DMARC), for the domain's zone; built by the module. */
  ownRecords(domain: DomainRef): Promise<MailOwnRecord[]>;
  /** The DNS area's side: the records' state in the zone, adding the missing ones. */
  mailZone?: MailZone;
  /** The mail lists' names and routes, once the lists area has handed them over (registry). */
  lists?: { source: MailListSource | null };
  /** Brings the node's mail filter (DKIM signing, spam settings) in line with SQL; absent: none. */
  syncFilter?: () => Promise<void>;
}

/** The domain's names and routes as they are now (for collision and loop checks). */
export async function snapshot(
  deps: Pick<MailDeps, 'store' | 'lists'>,
  domain: DomainRef,
): Promise<MailSnapshot> {
  const { store } = deps;
  const [accounts, aliases, forwards, settings, lists] = await Promise.all([
    store.accounts(domain.id),
    store.aliases(domain.id),
    store.forwards(domain.id),
    store.domainSettings(domain.id),
    deps.lists?.source?.names(domain.id) ?? [],
  ]);
  return {
    domain: domain.name,
    accounts: accounts.map((a) => ({ ...a, targets: parseList(a.targets) })),
    aliases,
    forwards,
    lists,
    catchAll: settings?.catch_all ?? null,
  };
}

/**
 * Renders the whole mail state from SQL onto the server (only the files that differ are rewritten)
 * and answers which differed. A refusal leaves the server as it was (the adapter swaps files only
 * when all are built); the caller undoes its SQL change.
 */
export async function applyState(deps: MailDeps): Promise<readonly MailChange[]> {
  try {
    // Read when the server has its turn: a change made meanwhile is in the state applied.
    return await deps.server.apply(async () =>
      desiredMailState(deps.store, (await deps.lists?.source?.routes()) ?? null),
    );
  } catch (error) {
    deps.logger.error({ err: error }, 'mail: applying the mail state failed');
    throw fromServer(error);
  }
}

export function fromServer(error: unknown) {
  if (error instanceof MailServerError && error.reason === 'invalid')
    return fail('general', 'invalid', undefined, { cause: error });
  return fail('unavailable', 'unavailable', undefined, { cause: error });
}
