import { join } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import {
  debianMailLayout,
  localMailLayout,
  type MailLayout,
} from '../../platform/mail-server/layout.ts';
import { domainMailServer } from '../../platform/mail-server/mail-server.domains.ts';
import { postfixDovecotMailServer } from '../../platform/mail-server/mail-server.postfix-dovecot.ts';
import { sieveMailboxRules } from '../../platform/mail-server/mailbox-rules.ts';
import type { MailServer } from '../../platform/mail-server/mail-server.port.ts';
import {
  NODE_LIST_EXPANDER,
  mailServerRemote,
  mailboxRulesRemote,
  type NodeMailServer,
} from '../../platform/mail-server/mail-server.remote.ts';
import { dkimKeyring } from '../../platform/mail-filter/dkim-keys.ts';
import {
  absentMailFilter,
  rspamdMailFilter,
} from '../../platform/mail-filter/mail-filter.rspamd.ts';
import { dkimKeysRemote, mailFilterRemote } from '../../platform/mail-filter/mail-filter.remote.ts';

/**
 * The node's list routes go to its own expander (`host.mailLists`): the panel names them
 * NODE_LIST_EXPANDER; without an expander on this node they are not routed.
 */
function routedToOwnLists(server: MailServer, lists: NodeHost['mailLists']): MailServer['apply'] {
  return async (state) => {
    const whole = typeof state === 'function' ? await state() : state;
    // Read at each apply: the host's port may be settled after the adapters are built.
    const transport = lists ? `lmtp:inet:127.0.0.1:${lists.port}` : null;
    return server.apply({
      ...whole,
      listRoutes: transport
        ? (whole.listRoutes ?? []).map((r) =>
            r.transport === NODE_LIST_EXPANDER ? { ...r, transport } : r,
          )
        : [],
    });
  };
}

/** Each domain's part kept on the node, their merge applied by the whole-state adapter. */
function perDomain(server: MailServer, layout: MailLayout, host: NodeHost): NodeMailServer {
  const log = host.logger.child({ component: 'mail' });
  const apply = routedToOwnLists(server, host.mailLists);
  return {
    usage: (addresses) => server.usage(addresses),
    removeMailbox: (address) => server.removeMailbox(address),
    recentMessages: (address, limit) => server.recentMessages(address, limit),
    messageSource: (address, id, max) => server.messageSource(address, id, max),
    ...domainMailServer({ server: { apply }, layout, log: (m) => log.warn(m) }),
  };
}

/**
 * The mail adapters of a node (Postfix and Dovecot, the mailboxes' Sieve scripts, rspamd and
 * the DKIM keys it signs with), each with its port's spec (node-adapter.ts). The layout is the
 * profile's: the data dir's in the local profile, /etc in the debian one.
 */
export async function mailAdapters(host: NodeHost) {
  const { config } = host;
  const layout = config.profile === 'debian' ? debianMailLayout() : localMailLayout(config.dataDir);
  const logger = host.logger.child({ component: 'mail' });
  const server = postfixDovecotMailServer({ layout, log: (m) => logger.warn(m) });
  // Not under the mail dir: the key dir is 0700, and Dovecot must walk through the mail dir.
  const keys = dkimKeyring(
    config.profile === 'debian' ? '/etc/haven/dkim' : join(config.dataDir, 'dkim'),
  );
  const filter = host.mailFilter
    ? rspamdMailFilter(host.mailFilter, keys, server)
    : absentMailFilter();
  return Promise.resolve({
    server: nodeAdapter(mailServerRemote, perDomain(server, layout, host)),
    rules: nodeAdapter(mailboxRulesRemote, sieveMailboxRules(layout)),
    filter: nodeAdapter(mailFilterRemote, filter),
    dkim: nodeAdapter(dkimKeysRemote, { key: (domain) => keys.key(domain) }),
  });
}
