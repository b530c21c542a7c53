import { join } from 'node:path';

/** Debian's Roundcube (roundcube-core): its install dir (code, skins) and its shipped files. */
export const ROUNDCUBE = {
  /** What Debian's own index.php calls INSTALL_PATH: program/, skins/, plugins/ as links. */
  home: '/var/lib/roundcube/',
  index: '/usr/share/roundcube/index.php',
  /** The static files of program/ (js, resources) for the browser. */
  publicProgram: '/var/lib/roundcube/public_html/program',
  skins: '/var/lib/roundcube/skins',
  plugins: '/usr/share/roundcube/plugins',
  defaults: '/etc/roundcube/defaults.inc.php',
  sqliteSchema: '/usr/share/roundcube/SQL/sqlite.initial.sql',
} as const;

/**
 * Where Haven keeps its Roundcube: everything it writes and Roundcube's state, under one dir it
 * owns (`<data dir>/webmail`); Debian's /etc/roundcube is never touched.
 */
export interface RoundcubeLayout {
  base: string;
  /** nginx's document root: Haven's index.php and links to the static files. */
  publicDir: string;
  /** RCMAIL_CONFIG_DIR: config.inc.php (rendered) and Debian's defaults. */
  configDir: string;
  /** The sign-on plugin's settings: redeem URL and key, the master user (0640 root:pool). */
  ssoConfig: string;
  /** The Dovecot master password (0600 root), kept for `ensureWebmailMaster`. */
  masterSecret: string;
  /** RCUBE_PLUGINS_DIR: haven_sso (copied from the repo) and links to Debian's plugins. */
  pluginsDir: string;
  /** Roundcube's SQLite database (users, sessions, caches), in a dir of the pool user's. */
  dbDir: string;
  dbFile: string;
  tempDir: string;
  /** nginx's and the FPM master's logs: root's dir (root opens them; never in the pool's dir). */
  logDir: string;
  /** Roundcube's own logs and PHP's errors, written by the pool. */
  appLogDir: string;
  /** The PHP-FPM master's config, pid and the pool's socket (short: 107 bytes at most). */
  fpmConf: string;
  fpmPid: string;
  socket: string;
}

export function roundcubeLayout(dataDir: string): RoundcubeLayout {
  const base = join(dataDir, 'webmail');
  return {
    base,
    publicDir: join(base, 'public'),
    configDir: join(base, 'config'),
    ssoConfig: join(base, 'config', 'haven_sso.inc.php'),
    masterSecret: join(base, 'master.secret'),
    pluginsDir: join(base, 'plugins'),
    dbDir: join(base, 'db'),
    dbFile: join(base, 'db', 'roundcube.sqlite'),
    tempDir: join(base, 'temp'),
    logDir: join(base, 'logs'),
    appLogDir: join(base, 'app-logs'),
    fpmConf: join(base, 'run', 'php-fpm.conf'),
    fpmPid: join(base, 'run', 'php-fpm.pid'),
    socket: join(base, 'run', 'fpm.sock'),
  };
}
