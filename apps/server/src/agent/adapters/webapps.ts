import type { NodeHost } from '../node-host.ts';

/** The webapps adapters of a node, each with its port's spec (node-adapter.ts). */
export async function webappsAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
