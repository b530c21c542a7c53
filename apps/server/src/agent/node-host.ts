import type { Config } from '../config.ts';
import type { Logger } from '../model/logger.ts';
import type { Webspace } from '../platform/webspace/webspace.port.ts';
import type { WebspaceFiles } from '../platform/webspace-files/webspace-files.port.ts';
import type { MailFilterHost } from '../platform/mail-filter/mail-filter.port.ts';
import type { MailListHost } from '../platform/list-expander/list-expander.port.ts';

/**
 * What a node's adapters are built from: its configuration (the node's environment, as
 * loadConfig reads it) and what its started services hand over. The panel's process builds
 * the `local` node's from the same.
 */
export interface NodeHost {
  config: Config;
  logger: Logger;
  webspace: Webspace;
  webspaceFiles: WebspaceFiles;
  mailFilter: MailFilterHost | null;
  mailLists: MailListHost | null;
}
