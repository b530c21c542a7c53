import type { NodeHost } from '../node-host.ts';

/** The mail adapters of a node, each with its port's spec (node-adapter.ts). */
export async function mailAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
