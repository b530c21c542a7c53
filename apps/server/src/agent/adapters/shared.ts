import type { NodeHost } from '../node-host.ts';

/** The shared adapters of a node, each with its port's spec (node-adapter.ts). */
export async function sharedAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
