import type { Clock } from '../../lib/clock.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import type { Logger } from '../../model/logger.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { CronTable } from '../../platform/cron/cron.port.ts';
import type { CronStore } from './cron.store.ts';

/** What the cron service and its parts are built from (cron.module.ts). */
export interface CronDeps {
  store: CronStore;
  /** The domain's FTP accounts (webhosting's): a job runs in one's folder. */
  ftpAccounts: FtpAccounts;
  /** The cron table of each node: a domain's calls go to `table(domain.node)`. */
  table: NodePorts<CronTable>;
  /** The domain's account on its node (the crontab's user). */
  webspace: NodePorts<Pick<NodeWebspace, 'ensureOwner'>>;
  /** The home of a domain: every node lays homes out the same way (core.webspace). */
  homeOf(domain: string): string;
  clock: Clock;
  logger: Logger;
}
