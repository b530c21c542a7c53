import { join } from 'node:path';
import type { Profile } from '../../lib/settings.ts';
import { run } from '../../lib/process.ts';
import { createPureFtpd } from '../../platform/ftp/ftp.pure-ftpd.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import {
  debianLayout,
  localLayout,
  type WebServerLayout,
} from '../../platform/web-server/layout.ts';
import { createNginxWebServer } from '../../platform/web-server/web-server.nginx.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { WebhostingSettings } from './webhosting.settings.ts';

/**
 * The web server and FTP adapters of the area, per profile, with the area's settings
 * (webhosting.settings.ts: nginx's listen addresses, the account owning web files).
 */
export interface WebhostingPlatform {
  webServer: WebServer;
  /** Where the web server looks for ACME answers and certificates (the SSL area writes them). */
  layout: WebServerLayout;
  ftp: FtpServer;
}

interface Account {
  user: string;
  group: string;
  uid: number;
  gid: number;
}

/** Who owns web files: the configured account when Haven is root, else Haven's own user. */
async function webAccount(user: string): Promise<Account | null> {
  if (process.getuid?.() !== 0) return null;
  const pw = await run('getent', ['passwd', user], { timeoutMs: 5000 });
  const [, , uid, gid] = pw.stdout.trim().split(':');
  if (pw.code !== 0 || uid === undefined || gid === undefined)
    throw new Error(`HAVEN_WEB_USER: no such user: ${user}`);
  const gr = await run('getent', ['group', gid], { timeoutMs: 5000 });
  const group = gr.code === 0 ? (gr.stdout.split(':')[0] ?? user) : user;
  return { user, group, uid: Number(uid), gid: Number(gid) };
}

export async function createWebhostingPlatform(
  place: { profile: Profile; dataDir: string },
  settings: WebhostingSettings,
  log: (m: string) => void,
): Promise<WebhostingPlatform> {
  const account = await webAccount(settings.webUser);
  const runAs = account ? { user: account.user, group: account.group } : null;
  const { listen, tlsListen } = settings;
  const layout: WebServerLayout =
    place.profile === 'debian'
      ? debianLayout(listen, runAs, tlsListen)
      : localLayout(join(place.dataDir, 'web'), listen, runAs, tlsListen);
  const ftpDir = place.profile === 'debian' ? '/etc/pure-ftpd' : join(place.dataDir, 'ftp');
  return {
    layout,
    webServer: createNginxWebServer({ layout, log }),
    ftp: createPureFtpd({
      passwdFile: join(ftpDir, 'pureftpd.passwd'),
      pdbFile: join(ftpDir, 'pureftpd.pdb'),
      uid: account?.uid ?? process.getuid?.() ?? 0,
      gid: account?.gid ?? process.getgid?.() ?? 0,
      log,
    }),
  };
}
