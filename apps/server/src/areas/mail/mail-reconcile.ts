import type { Difference } from '../../model/reconcile.ts';
import type { MailChange } from '../../platform/mail-server/mail-server.port.ts';
import { NodeUnavailableError, type NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { partDigest } from '../../platform/mail-server/mail-parts.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { applyDomain, fromServer, type MailDeps } from './mail-apply.ts';
import { desiredParts } from './mail-state.ts';

const FILES: Record<MailChange['file'], string> = {
  domains: 'Postfix domains',
  mailboxes: 'Postfix mailboxes',
  aliases: 'Postfix aliases',
  transport: 'Postfix transport',
  passwd: 'Dovecot passwd-file',
};

/** What `apply` rewrote, one line per domain: `mail of example.nl rewritten: Postfix aliases`. */
export function mailDifferences(changes: readonly MailChange[]): Difference[] {
  const byDomain = new Map<string, string[]>();
  for (const change of changes)
    for (const domain of change.domains)
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), FILES[change.file]]);
  return [...byDomain].map(([domain, files]) => ({
    domain,
    area: 'mail',
    text: `mail of ${domain} rewritten: ${files.join(', ')}`,
  }));
}

/**
 * `haven reconcile` for one node's mail: the node says which parts it holds (their digests);
 * then SQL is read (after: a domain added meanwhile is in SQL before its part is on the node), a
 * part that differs or is missing is sent again, and a part of a domain no longer on the node
 * (deleted, moved, or its mail gone while the node was down) is sent as null; last the node
 * renders all its parts again, which rewrites the files changed behind Haven's back.
 */
export async function reconcileMailNode(
  deps: MailDeps,
  node: NodeName,
): Promise<readonly MailChange[]> {
  const held = await deps
    .server(node)
    .parts()
    .catch((error: unknown) => {
      // Its pending changes wait in its queue; reconcile checks it again once it answers.
      if (error instanceof NodeUnavailableError) return null;
      throw fromServer(error);
    });
  if (!held) {
    deps.logger.warn({ node }, 'mail: reconcile skipped a node that does not answer');
    return [];
  }
  const routes = (await deps.lists?.source?.routes()) ?? [];
  const desired = await desiredParts(deps.store, node, routes);
  const stale = [
    ...[...desired].filter(([name, part]) => held[name] !== partDigest(part)).map(([n]) => n),
    ...Object.keys(held).filter((name) => !desired.has(name)),
  ];
  const changes: MailChange[] = [];
  // A few at a time: each is an operation on the node's queue, merged there into batches.
  for (let i = 0; i < stale.length; i += 32) {
    const batch = stale.slice(i, i + 32).map((name) => applyDomain(deps, { node, name }));
    for (const c of await Promise.all(batch)) changes.push(...c);
  }
  try {
    changes.push(...(await deps.server(node).render()));
  } catch (error) {
    if (!(error instanceof ChangePendingError)) throw fromServer(error);
  }
  return changes;
}
