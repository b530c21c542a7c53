import type { Config } from '../config.ts';
import { webmailRedeemKey } from '../areas/mail/mail.exports.ts';
import { deriveKey } from '../lib/crypto.ts';
import { loadSecret } from '../lib/secret.ts';
import { localMailLayout } from '../platform/mail-server/layout.ts';
import {
  roundcubeService,
  type RoundcubeService,
} from '../platform/supervisor/roundcube.service.ts';
import type { WebServerLayout } from '../platform/web-server/layout.ts';
import type { InstalledPhp } from '../platform/web-server/web-server.port.ts';
import type { ServiceSettings } from './settings.ts';

/**
 * The panel as a process on this machine reaches it: loopback unless the panel listens on one
 * address only. Roundcube's plugin redeems tokens here, never through PUBLIC_URL's proxy.
 */
export function panelLoopbackUrl(config: Pick<Config, 'host' | 'port'>): string {
  const wildcard = ['0.0.0.0', '::', '[::]', 'localhost', '127.0.0.1'].includes(config.host);
  const host = wildcard
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

/** Roundcube for the node (roundcube.service.ts), told where Dovecot, Postfix and the panel are. */
export function nodeWebmail(
  config: Config,
  settings: ServiceSettings,
  web: WebServerLayout,
  php: InstalledPhp | null,
  panelUrl = panelLoopbackUrl(config),
): RoundcubeService {
  const secret = loadSecret(config.secret, config.dataDir);
  return roundcubeService({
    dataDir: config.dataDir,
    web,
    mail: localMailLayout(config.dataDir),
    php,
    listen: `127.0.0.1:${settings.webmail.port}`,
    settings: {
      imapPort: settings.mail.imapPort,
      smtpPort: settings.mail.smtpPort,
      panelUrl,
      redeemKey: webmailRedeemKey(config.secret, config.dataDir),
      // Roundcube's session encryption: its own key from the panel's secret, 24 characters.
      desKey: deriveKey(secret, 'haven-webmail-des-key').slice(0, 24),
    },
  });
}
