import type { NodeHost } from '../node-host.ts';

/** The logs adapters of a node, each with its port's spec (node-adapter.ts). */
export async function logsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
