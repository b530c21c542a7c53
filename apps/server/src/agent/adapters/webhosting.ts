import { join } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { run } from '../../lib/process.ts';
import { createPureFtpd } from '../../platform/ftp/ftp.pure-ftpd.ts';
import { ftpRemote } from '../../platform/ftp/ftp.remote.ts';
import { createNginxWebServer } from '../../platform/web-server/web-server.nginx.ts';
import { webServerRemote } from '../../platform/web-server/web-server.remote.ts';
import { webServerLayout } from '../../areas/webhosting/webhosting.platform.ts';

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

/** The webhosting adapters of a node (nginx with PHP-FPM, pure-ftpd), each with its port's spec. */
export async function webhostingAdapters(host: NodeHost) {
  const { config } = host;
  const settings = config.webhosting;
  const log = (m: string) => host.logger.info(m);
  const account = await webAccount(settings.webUser);
  const runAs = account ? { user: account.user, group: account.group } : null;
  const layout = webServerLayout(config, settings, runAs);
  const ftpDir = config.profile === 'debian' ? '/etc/pure-ftpd' : join(config.dataDir, 'ftp');
  return {
    webServer: nodeAdapter(webServerRemote, createNginxWebServer({ layout, log })),
    ftp: nodeAdapter(
      ftpRemote,
      createPureFtpd({
        passwdFile: join(ftpDir, 'pureftpd.passwd'),
        pdbFile: join(ftpDir, 'pureftpd.pdb'),
        uid: account?.uid ?? process.getuid?.() ?? 0,
        gid: account?.gid ?? process.getgid?.() ?? 0,
        log,
      }),
    ),
  };
}
