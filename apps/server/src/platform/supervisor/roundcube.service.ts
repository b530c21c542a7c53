import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { MailLayout } from '../mail-server/layout.ts';
import { ensureWebmailMaster } from '../mail-server/webmail-master.ts';
import { createShadowSystemUsers } from '../system-users/system-users.shadow.ts';
import type { WebServerLayout } from '../web-server/layout.ts';
import { check } from '../web-server/processes.ts';
import type { InstalledPhp } from '../web-server/web-server.port.ts';
import {
  ensureRoundcubeDb,
  ensureRoundcubeTree,
  writeSecretConfig,
  type PoolAccount,
} from '../webmail/roundcube-files.ts';
import { ROUNDCUBE, roundcubeLayout } from '../webmail/roundcube-layout.ts';
import {
  renderRoundcubeConfig,
  renderRoundcubeIndex,
  renderSsoConfig,
  type RoundcubeSettings,
} from '../webmail/roundcube-render.ts';
import { renderRoundcubeFpm, renderRoundcubeVhost } from '../webmail/roundcube-serve-render.ts';
import { fileExists } from './binaries.ts';
import { accepts } from './health.ts';
import type { PanelSite } from './nginx.service.ts';
import type { SupervisedService } from './service.ts';

/** The system account Roundcube's pool runs as when Haven is root (machine-wide, made once). */
export const WEBMAIL_ACCOUNT = 'haven-webmail';

export interface RoundcubeOptions {
  dataDir: string;
  web: WebServerLayout;
  mail: MailLayout;
  /** The newest PHP-FPM of the machine (null: none installed). */
  php: InstalledPhp | null;
  /** nginx `listen` of the webmail's server block: `127.0.0.1:8082`. */
  listen: string;
  settings: Omit<RoundcubeSettings, 'master'>;
}

export interface RoundcubeService extends SupervisedService {
  /** Where customers open it: `http://127.0.0.1:8082/`. */
  url: string;
  /** Its server block, for nginxService (none while Roundcube is not installed). */
  site: PanelSite;
}

/**
 * Debian's Roundcube, served by the node: its own PHP-FPM master with one pool (the webmail
 * account, open_basedir on Haven's webmail dir) and a server block on its own loopback port in
 * the supervised nginx (`site`, which nginxService writes). Haven's config and the
 * haven_sso plugin live in `<data dir>/webmail` (roundcube-layout.ts).
 */
export function roundcubeService(o: RoundcubeOptions): RoundcubeService {
  const l = roundcubeLayout(o.dataDir);
  const binary = o.php?.binary ?? 'php-fpm';
  async function missing(): Promise<string | null> {
    if (!o.php) return 'php-fpm';
    if (!(await fileExists(ROUNDCUBE.index))) return 'roundcube-core';
    const pdo = `/etc/php/${o.php.version}/mods-available/pdo_sqlite.ini`;
    return (await fileExists(pdo)) ? null : 'roundcube-sqlite3';
  }
  return {
    name: 'roundcube',
    address: o.listen,
    url: `http://${o.listen}/`,
    reloadSignal: 'SIGUSR2',
    missing,
    site: {
      file: 'webmail.conf',
      content: async () => ((await missing()) ? null : renderRoundcubeVhost(l, [o.listen])),
    },
    async prepare() {
      const pool = await poolAccount();
      await ensureRoundcubeTree(l, pool);
      const master = await ensureWebmailMaster(o.mail, l.masterSecret);
      const settings = { ...o.settings, master };
      await writeSecretConfig(
        join(l.configDir, 'config.inc.php'),
        renderRoundcubeConfig(l, settings),
        pool,
      );
      await writeSecretConfig(l.ssoConfig, renderSsoConfig(settings), pool);
      await writeFileAtomic(join(l.publicDir, 'index.php'), renderRoundcubeIndex(l));
      await ensureRoundcubeDb(l, pool);
      const account = pool ? { user: WEBMAIL_ACCOUNT, group: WEBMAIL_ACCOUNT } : null;
      await writeFileAtomic(l.fpmConf, renderRoundcubeFpm(l, account, o.web.runAs), 0o600);
      const problem = await check(binary, ['-t', '-R', '-y', l.fpmConf]);
      if (problem) throw new Error(`php-fpm -t (roundcube): ${problem}`);
    },
    command: () => ({ cmd: binary, args: ['-F', '-R', '-y', l.fpmConf] }),
    healthy: () => accepts(l.socket),
  };
}

async function poolAccount(): Promise<PoolAccount> {
  if (process.getuid?.() !== 0) return null;
  const { account } = await createShadowSystemUsers().ensure(WEBMAIL_ACCOUNT, {
    home: '/nonexistent',
    comment: 'Haven webmail',
    members: [],
  });
  return { uid: account.uid, gid: account.gid };
}
