import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { MailOwnRecord, MailZone } from '../../model/mail-zone.ts';
import type { MailListSource } from '../../model/mail-namespace.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { MailServerError, type MailChange } from '../../platform/mail-server/mail-server.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { fail } from './mail.errors.ts';
import type { MailSnapshot } from './mail-names.ts';
import { desiredMailState, parseList } from './mail-state.ts';
import type { MailStore } from './mail.store.ts';
import type { MailboxLogins } from './mailbox-logins.ts';
import type { MailPorts } from './mail-ports.ts';
import { latestPerNode } from './node-turns.ts';

/** What the mail services need, narrowly. */
export interface MailDeps {
  store: MailStore;
  /** Postfix and Dovecot on each node (the domain's: `server(domain.node)`). */
  server: MailPorts['server'];
  /** The mailboxes' Sieve scripts on each node. */
  rules: MailPorts['rules'];
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
  /** Brings a node's mail filter (DKIM signing, spam settings) in line with SQL; absent: none. */
  syncFilter?: (node: NodeName) => Promise<void>;
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

type Applier = { deps: MailDeps; run: (node: NodeName) => Promise<readonly MailChange[]> };

/** Per mail server ports: one run per node at a time with the newest deps (node-turns.ts). */
const appliers = new WeakMap<MailDeps['server'], Applier>();

function applier(deps: MailDeps): Applier['run'] {
  const found = appliers.get(deps.server);
  if (found) {
    found.deps = deps;
    return found.run;
  }
  const entry: Applier = {
    deps,
    // The state is read when the run starts: a change committed before it is in it.
    run: latestPerNode(async (node: NodeName) => {
      const { store, lists, server } = entry.deps;
      const routes = (await lists?.source?.routes()) ?? [];
      return server(node).apply(await desiredMailState(store, node, routes));
    }),
  };
  appliers.set(deps.server, entry);
  return entry.run;
}

/**
 * Renders the whole mail state of a node from SQL (the domains it serves) onto its server (only
 * the files that differ are rewritten) and answers which differed. A refusal leaves the server as
 * it was (the adapter swaps files only when all are built); the caller undoes its SQL change. A
 * node that did not answer within the apply wait has the change saved and pending: nothing is
 * undone, and nothing is known of what differed.
 */
export async function applyState(deps: MailDeps, node: NodeName): Promise<readonly MailChange[]> {
  try {
    return await applier(deps)(node);
  } catch (error) {
    if (error instanceof ChangePendingError) {
      deps.logger.warn({ node }, 'mail: the mail state is pending on its node');
      return [];
    }
    deps.logger.error({ err: error, node }, 'mail: applying the mail state failed');
    throw fromServer(error);
  }
}

export function fromServer(error: unknown) {
  if (error instanceof MailServerError && error.reason === 'invalid')
    return fail('general', 'invalid', undefined, { cause: error });
  return fail('unavailable', 'unavailable', undefined, { cause: error });
}
