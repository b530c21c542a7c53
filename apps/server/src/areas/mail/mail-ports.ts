import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeMailServer } from '../../platform/mail-server/mail-server.remote.ts';
import type { MailboxRulesWriter } from '../../platform/mail-server/mailbox-rules.ts';
import type { MailFilter } from '../../platform/mail-filter/mail-filter.port.ts';
import type { DkimKeys } from '../../platform/mail-filter/mail-filter.remote.ts';

/**
 * The mail area's platform ports on any node (agent/adapters/mail.ts builds this machine's):
 * a domain's mail is served by its node (`ports.server(domain.node)`).
 */
export interface MailPorts {
  /** Postfix and Dovecot: the node's whole mail state, mailbox sizes and messages. */
  server: NodePorts<NodeMailServer>;
  /** Each mailbox's Sieve script (autoresponder, spam move). */
  rules: NodePorts<MailboxRulesWriter>;
  /** rspamd: DKIM signing and spam settings of the node's domains; learning. */
  filter: NodePorts<MailFilter>;
  /** The DKIM keys rspamd signs with, whose TXT values go into the zones. */
  dkim: NodePorts<DkimKeys>;
}
