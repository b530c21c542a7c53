import type { NodeHost } from '../node-host.ts';

/** The dns adapters of a node, each with its port's spec (node-adapter.ts). */
export async function dnsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
