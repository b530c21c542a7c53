import type { NodeHost } from '../node-host.ts';

/** The ssl adapters of a node, each with its port's spec (node-adapter.ts). */
export async function sslAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
