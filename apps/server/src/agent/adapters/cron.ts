import { join } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { createCronFiles } from '../../platform/cron/cron.files.ts';
import { cronRemote } from '../../platform/cron/cron.remote.ts';

/**
 * The cron adapters of a node, each with its port's spec (node-adapter.ts). The crontabs are
 * the node's: Debian's cron daemon, or the node's supervised scheduler in the local profile.
 */
export async function cronAdapters(host: NodeHost) {
  const table = createCronFiles({
    root: join(host.config.dataDir, 'cron'),
    mode: host.config.profile === 'debian' ? 'system' : 'local',
  });
  return Promise.resolve({ cron: nodeAdapter(cronRemote, table) });
}
