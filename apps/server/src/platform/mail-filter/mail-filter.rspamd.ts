import type { DkimKeyring } from './dkim-keys.ts';
import type { MailFilter, MailFilterHost } from './mail-filter.port.ts';
import { learn } from './rspamd-client.ts';
import { writeMailRules } from './rspamd-files.ts';

/**
 * The customer rules of the supervised rspamd: `local.d/dkim_signing.conf` and
 * `local.d/settings.conf`, checked by `rspamadm configtest` before they replace the old ones,
 * then a SIGHUP. The check runs on the lean profile in either profile: it loads only the plugins
 * these files configure (under a second instead of a minute), and the files are the same.
 */
export function rspamdMailFilter(host: MailFilterHost, keys: DkimKeyring): MailFilter {
  return {
    async apply(rules) {
      const dkim = [];
      for (const domain of rules.signing) dkim.push(await keys.key(domain));
      await writeMailRules(host.layout, 'lean', dkim, rules.mailboxes);
      host.reload();
    },
    learn: (kind, message) => learn(host.controllerUrl, kind, message),
  };
}
