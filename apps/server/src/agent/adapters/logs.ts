import { LOG_LIMITS } from '@haven/contract';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { createLocalSiteLogs } from '../../platform/site-logs/site-logs.local.ts';
import { siteLogsRemote } from '../../platform/site-logs/site-logs.remote.ts';

/** The logs adapters of a node, each with its port's spec (node-adapter.ts). */
export async function logsAdapters(_host: NodeHost) {
  const logs = createLocalSiteLogs({ lineMaxBytes: LOG_LIMITS.lineMaxBytes });
  return Promise.resolve({
    siteLogs: nodeAdapter(siteLogsRemote(logs.open.bind(logs)), logs),
  });
}
