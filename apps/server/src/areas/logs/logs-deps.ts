import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import type { SiteLogs } from '../../platform/site-logs/site-logs.port.ts';
import type { LogsStore } from './logs.store.ts';
import type { LogsSettings } from './logs.settings.ts';

/** A domain as the logs area reaches it: its home's name and the node that serves it. */
export type LogsDomain = { id: number; name: string; node: NodeName };

export interface LogsDeps {
  /** The site logs of each node: a domain's calls go to `logs(domain.node)`. */
  logs: NodePorts<SiteLogs>;
  store: LogsStore;
  clock: Clock;
  logger: Logger;
  settings: LogsSettings;
  /** The home of a domain (the webspace's `homeOf`). */
  homeOf(domain: string): string;
  /** Makes the node's web server reopen its logs after a rotation (webhosting's export). */
  reopenLogs(node: NodeName): Promise<boolean>;
  domainById(id: number): Promise<{ name: string; node: NodeName } | undefined>;
}
