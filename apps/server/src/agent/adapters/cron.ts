import type { NodeHost } from '../node-host.ts';

/** The cron adapters of a node, each with its port's spec (node-adapter.ts). */
export async function cronAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
