import type { NodeHost } from '../node-host.ts';

/**
 * The mail-lists adapters of a node, each with its port's spec (node-adapter.ts). None yet: the
 * list expander judges each post from the lists in SQL and signs unsubscribe links with the
 * panel's secret, so it still runs in the panel's process (mail-lists.module.ts, the local node).
 * A node of its own needs each list's state sent to it and a signing key of its own first; until
 * then a remote node routes no list addresses (agent/adapters/mail.ts).
 */
export async function mailListsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
