import type { NodeHost } from '../node-host.ts';

/** The filemanager adapters of a node, each with its port's spec (node-adapter.ts). */
export async function filemanagerAdapters(_host: NodeHost) {
  return Promise.resolve({});
}
