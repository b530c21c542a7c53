import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { run } from '../../lib/process.ts';
import { createPureFtpd } from '../../platform/ftp/ftp.pure-ftpd.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import { debianLayout, localLayout, type WebServerLayout } from '../../platform/web-server/layout.ts';
import { createNginxWebServer } from '../../platform/web-server/web-server.nginx.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';

/**
 * The web server and FTP adapters of the area, per profile. Two settings come from the
 * environment (documented in docs/operations-webhosting.md):
 * - HAVEN_WEB_LISTEN: comma-separated nginx `listen` values (local: 127.0.0.1:8081; debian: 80,[::]:80);
 * - HAVEN_WEB_USER: the system account that runs nginx workers and PHP pools and owns the
 *   customers' files, which FTP accounts act as (default www-data; only used when Haven is root).
 */
export interface WebhostingPlatform {
  webServer: WebServer;
  ftp: FtpServer;
}

const LISTEN = /^(?:(?:[0-9]{1,3}\.){3}[0-9]{1,3}:|\[[0-9a-f:]+\]:)?[0-9]{1,5}$/;

function listenValues(config: Config, env: NodeJS.ProcessEnv): string[] {
  const raw = env.HAVEN_WEB_LISTEN?.trim();
  const values = raw ? raw.split(',').map((v) => v.trim()).filter(Boolean) : config.profile === 'debian' ? ['80', '[::]:80'] : ['127.0.0.1:8081'];
  for (const v of values) if (!LISTEN.test(v)) throw new Error(`HAVEN_WEB_LISTEN: not a listen address: ${v}`);
  return values;
}

interface Account {
  user: string;
  group: string;
  uid: number;
  gid: number;
}

/** Who owns web files: the configured account when Haven is root, else Haven's own user. */
async function webAccount(env: NodeJS.ProcessEnv): Promise<Account | null> {
  if (process.getuid?.() !== 0) return null;
  const user = env.HAVEN_WEB_USER?.trim() || 'www-data';
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(user)) throw new Error(`HAVEN_WEB_USER: not a user name: ${user}`);
  const pw = await run('getent', ['passwd', user], { timeoutMs: 5000 });
  const [, , uid, gid] = pw.stdout.trim().split(':');
  if (pw.code !== 0 || uid === undefined || gid === undefined) throw new Error(`HAVEN_WEB_USER: no such user: ${user}`);
  const gr = await run('getent', ['group', gid], { timeoutMs: 5000 });
  const group = gr.code === 0 ? (gr.stdout.split(':')[0] ?? user) : user;
  return { user, group, uid: Number(uid), gid: Number(gid) };
}

export async function createWebhostingPlatform(config: Config, log: (m: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<WebhostingPlatform> {
  const account = await webAccount(env);
  const runAs = account ? { user: account.user, group: account.group } : null;
  const listen = listenValues(config, env);
  const layout: WebServerLayout =
    config.profile === 'debian' ? debianLayout(listen, runAs) : localLayout(join(config.dataDir, 'web'), listen, runAs);
  const ftpDir = config.profile === 'debian' ? '/etc/pure-ftpd' : join(config.dataDir, 'ftp');
  return {
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
