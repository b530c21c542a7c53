import type { NodeHost } from '../node-host.ts';

/** The webhosting adapters of a node, each with its port's spec (node-adapter.ts). */
export async function webhostingAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
