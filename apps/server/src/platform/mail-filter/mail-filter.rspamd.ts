import type { MailServer } from '../mail-server/mail-server.port.ts';
import type { DkimKeyring } from './dkim-keys.ts';
import type { MailFilter, MailFilterHost } from './mail-filter.port.ts';
import { learn } from './rspamd-client.ts';
import { writeMailRules } from './rspamd-files.ts';

/**
 * The customer rules of the supervised rspamd: `local.d/dkim_signing.conf` and
 * `local.d/settings.conf`, checked by `rspamadm configtest` before they replace the old ones,
 * then a SIGHUP. The check runs on the lean profile in either profile: it loads only the plugins
 * these files configure (under a second instead of a minute), and the files are the same.
 * Learning reads the message from the node's Maildir (`messages`).
 */
export function rspamdMailFilter(
  host: MailFilterHost,
  keys: DkimKeyring,
  messages: Pick<MailServer, 'messageSource'>,
): MailFilter {
  return {
    async apply(rules) {
      const dkim = [];
      for (const domain of rules.signing) dkim.push(await keys.key(domain));
      await writeMailRules(host.layout, 'lean', dkim, rules.mailboxes);
      host.reload();
    },
    async learn(kind, { address, id, maxBytes }) {
      const source = await messages.messageSource(address, id, maxBytes + 1);
      if (!source) return 'not_found';
      if (source.length > maxBytes) return 'too_large';
      return learn(host.controllerUrl, kind, source);
    },
    learns: async () => true,
  };
}

/** The filter of a node that runs none: no rules to write, nothing to learn with. */
export function absentMailFilter(): MailFilter {
  return {
    apply: async () => undefined,
    learn: () => {
      const error = Object.assign(new Error('this node runs no mail filter'), {
        code: 'filter_unavailable',
      });
      return Promise.reject(error);
    },
    learns: async () => false,
  };
}
