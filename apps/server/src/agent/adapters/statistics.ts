import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import {
  createLocalTrafficLogs,
  ftpTransferLog,
  localDovecotLog,
  localPostfixLog,
} from '../../platform/traffic-logs/traffic-logs.local.ts';
import {
  nodeTrafficLogs,
  trafficLogsRemote,
} from '../../platform/traffic-logs/traffic-logs.remote.ts';

/**
 * The statistics adapters of a node, each with its port's spec (node-adapter.ts): the node's
 * own FTP and mail logs, where its configuration puts them (HAVEN_POSTFIX_LOG...).
 */
export async function statisticsAdapters(host: NodeHost) {
  const { dataDir, statistics } = host.config;
  const logs = nodeTrafficLogs(createLocalTrafficLogs(), {
    ftp: ftpTransferLog(dataDir),
    postfix: statistics.postfixLog ?? localPostfixLog(dataDir),
    dovecot: statistics.dovecotLog ?? localDovecotLog(dataDir),
  });
  return Promise.resolve({ trafficLogs: nodeAdapter(trafficLogsRemote, logs) });
}
