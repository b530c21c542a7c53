import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { webspaceRemote } from '../../platform/webspace/webspace.remote.ts';
import {
  nodeWebspaceFiles,
  webspaceFilesRemote,
} from '../../platform/webspace-files/webspace-files.remote.ts';

/** The shared adapters of a node, each with its port's spec (node-adapter.ts). */
export async function sharedAdapters(host: NodeHost) {
  return Promise.resolve({
    webspace: nodeAdapter(webspaceRemote, host.webspace),
    // Streams run on the panel's own adapter for now (webspace-files.remote.ts).
    webspaceFiles: nodeAdapter(
      webspaceFilesRemote(host.webspaceFiles),
      nodeWebspaceFiles(host.webspaceFiles),
    ),
  });
}
