import type { NodeHost } from '../node-host.ts';

/** The statistics adapters of a node, each with its port's spec (node-adapter.ts). */
export async function statisticsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
