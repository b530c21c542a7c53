import type { Config } from '../config.ts';
import type { MailListHost } from '../platform/list-expander/list-expander.port.ts';
import { readState, stateFile } from '../platform/supervisor/state-file.ts';
import { loadServiceSettings } from './settings.ts';

/**
 * For the operator CLI, which does not start the node: where the panel's list expander listens,
 * when the node runs Postfix for this data dir. The CLI renders the mail maps too (`domain:add`,
 * `reconcile`); without this it would render them without the lists' routes.
 */
export async function nodeMailLists(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MailListHost | null> {
  const settings = loadServiceSettings(config.profile, env);
  if (!settings.enabled) return null;
  const postfix = (await readState(stateFile(config.dataDir)))?.services.find(
    (s) => s.name === 'postfix',
  );
  if (!postfix || postfix.state === 'not-installed') return null;
  return { port: settings.mail.listPort, smtpPort: settings.mail.smtpPort };
}
