import type { NodeHost } from '../node-host.ts';

/** The mail-lists adapters of a node, each with its port's spec (node-adapter.ts). */
export async function mailListsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
