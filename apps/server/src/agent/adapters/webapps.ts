import { dirname } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { createLocalWebappFiles } from '../../platform/webapp-files/webapp-files.local.ts';
import {
  webappFilesOnNode,
  webappFilesRemote,
} from '../../platform/webapp-files/webapp-files.remote.ts';

/**
 * The webapps adapters of a node, each with its port's spec (node-adapter.ts): the web app
 * files (staging beside the node's homes, the PHP CLI that runs installers).
 */
export async function webappsAdapters(host: NodeHost) {
  // The homes' own folder (any domain's home's parent): staging goes beside the homes.
  const homesRoot = dirname(host.webspace.homeOf('example.org'));
  const files = createLocalWebappFiles({ homesRoot, php: host.config.webapps.php });
  return Promise.resolve({ files: nodeAdapter(webappFilesRemote, webappFilesOnNode(files)) });
}
