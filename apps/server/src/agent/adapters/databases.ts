import type { NodeHost } from '../node-host.ts';

/** The databases adapters of a node, each with its port's spec (node-adapter.ts). */
export async function databasesAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
