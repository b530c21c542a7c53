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
import { desiredParts, parseList } from './mail-state.ts';
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

/** A domain's mail on a node: its part's object there (`mail:<name>`). */
export interface MailTarget {
  node: NodeName;
  name: string;
}

type Applier = { deps: MailDeps; run: (key: string) => Promise<readonly MailChange[]> };

/** Per mail server ports: one run per domain's part at a time with the newest deps. */
const appliers = new WeakMap<MailDeps['server'], Applier>();

function applier(deps: MailDeps): (target: MailTarget) => Promise<readonly MailChange[]> {
  let entry = appliers.get(deps.server);
  if (entry) entry.deps = deps;
  else {
    const e: Applier = {
      deps,
      // The part is read when the run starts: a change committed before it is in it. Keyed by
      // node and domain (node-turns.ts takes any key): one domain's runs never wait on another's.
      run: latestPerNode(async (key: string) => {
        const [node = '', name = ''] = key.split('\n');
        const { store, lists, server } = e.deps;
        const routes = (await lists?.source?.routes()) ?? [];
        const part = (await desiredParts(store, node, routes, name)).get(name) ?? null;
        return server(node).applyDomain(name, part);
      }),
    };
    appliers.set(deps.server, e);
    entry = e;
  }
  const { run } = entry;
  return (target) => run(`${target.node}\n${target.name}`);
}

/**
 * Renders one domain's mail state from SQL and sends it, alone, to its node (null when the domain
 * has no mail there any more: gone, moved, nothing left); the node merges it with the other
 * domains' parts it keeps and rewrites only the files that differ, answering which did. A refusal
 * leaves the server as it was (the node swaps files only when all are built); the caller undoes
 * its SQL change. A node that did not answer within the apply wait has the change saved and
 * pending: nothing is undone, and nothing is known of what differed.
 */
export async function applyDomain(
  deps: MailDeps,
  target: MailTarget,
): Promise<readonly MailChange[]> {
  try {
    return await applier(deps)(target);
  } catch (error) {
    const { node, name } = target;
    if (error instanceof ChangePendingError) {
      deps.logger.warn({ node, domain: name }, 'mail: the mail state is pending on its node');
      return [];
    }
    deps.logger.error({ err: error, node, domain: name }, 'mail: applying the mail state failed');
    throw fromServer(error);
  }
}

export function fromServer(error: unknown) {
  if (error instanceof MailServerError && error.reason === 'invalid')
    return fail('general', 'invalid', undefined, { cause: error });
  return fail('unavailable', 'unavailable', undefined, { cause: error });
}
