import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../src/config.ts';
import { mailServices } from '../../src/hosting-node/local-node.ts';
import { nodeWebmail } from '../../src/hosting-node/node-webmail.ts';
import { loadServiceSettings } from '../../src/hosting-node/settings.ts';
import { nginxService } from '../../src/platform/supervisor/nginx.service.ts';
import { servicesDir } from '../../src/platform/supervisor/state-file.ts';
import { createSupervisor, type Supervisor } from '../../src/platform/supervisor/supervisor.ts';
import { letWebAccountIn, webRunAs } from '../../src/platform/supervisor/web-account.ts';
import { localLayout } from '../../src/platform/web-server/layout.ts';
import { findPhpVersions } from '../../src/platform/web-server/php-versions.ts';
import { freePort } from '../free-port.ts';

export interface WebmailNode {
  supervisor: Supervisor;
  /** Where Roundcube answers (the URL the panel's tokens are added to). */
  url: string;
  ports: { smtp: number; imap: number; lmtp: number; web: number; webmail: number };
}

/**
 * The node's webmail as `npm start` runs it (local-node.ts): Dovecot and Postfix (no rspamd),
 * Roundcube's PHP-FPM and nginx, on free loopback ports in the test app's data dir. `panelUrl` is
 * where the test's panel listens (the plugin redeems there); `webmailPort` was chosen before the
 * app was made, so HAVEN_WEBMAIL_URL could point at it.
 */
export async function startWebmailNode(
  config: Config,
  panelUrl: string,
  webmailPort: number,
): Promise<WebmailNode> {
  await chmod(config.dataDir, 0o711);
  const ports = { smtp: 0, imap: 0, lmtp: 0, web: 0, webmail: webmailPort };
  for (const k of ['smtp', 'imap', 'lmtp', 'web'] as const) ports[k] = await freePort();
  const settings = loadServiceSettings('local', {
    HAVEN_SMTP_PORT: String(ports.smtp),
    HAVEN_IMAP_PORT: String(ports.imap),
    HAVEN_LMTP_PORT: String(ports.lmtp),
    HAVEN_WEBMAIL_PORT: String(ports.webmail),
    HAVEN_WEB_LISTEN: `127.0.0.1:${ports.web}`,
    HAVEN_MAIL_FILTER: 'off',
  });
  const dir = servicesDir(config.dataDir);
  const runAs = await webRunAs(settings.web.user);
  if (runAs) await letWebAccountIn(config.dataDir, () => undefined);
  const layout = localLayout(join(config.dataDir, 'web'), settings.web.listen, runAs);
  const php = (await findPhpVersions()).at(-1) ?? null;
  const webmail = nodeWebmail(config, settings, layout, php, panelUrl);
  const supervisor = createSupervisor({
    services: [
      ...mailServices(config.dataDir, settings, dir).services,
      webmail,
      nginxService(layout, ports.web, join(dir, 'nginx'), [webmail.site]),
    ],
    dir,
    log: () => {},
    backoffMs: 200,
    healthTimeoutMs: 30_000,
  });
  await supervisor.start();
  return { supervisor, url: webmail.url, ports };
}
