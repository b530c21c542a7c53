import { UnsafeConfigValueError } from '../web-server/escape.ts';
import { ROUNDCUBE, type RoundcubeLayout } from './roundcube-layout.ts';

/** What Haven's Roundcube is told: its mail servers, the panel it redeems tokens with, its keys. */
export interface RoundcubeSettings {
  /** The node's Dovecot IMAP and Postfix SMTP ports (127.0.0.1). */
  imapPort: number;
  smtpPort: number;
  /** The panel as the pool reaches it (loopback): `http://127.0.0.1:8080`. */
  panelUrl: string;
  /** The key the plugin sends with a redeem (`webmailRedeemKey`). */
  redeemKey: string;
  /** Roundcube's des_key (session password encryption): 24 characters. */
  desKey: string;
  master: { user: string; password: string };
}

// eslint-disable-next-line no-control-regex -- control characters are what we refuse
const CONTROL = /[\x00-\x1f\x7f]/;

/** A single-quoted PHP string: `\` and `'` escaped, control characters refused. */
export function phpString(value: string): string {
  if (CONTROL.test(value)) throw new UnsafeConfigValueError('php', value);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const HEADER =
  '// Written by Haven (platform/webmail/roundcube-render.ts); changes are overwritten.';

/** config.inc.php in Haven's config dir: the only config Roundcube reads (with Debian's defaults). */
export function renderRoundcubeConfig(l: RoundcubeLayout, s: RoundcubeSettings): string {
  const set = (key: string, value: string) => `$config[${phpString(key)}] = ${value};`;
  return [
    '<?php',
    HEADER,
    '$config = [];',
    set('db_dsnw', phpString(`sqlite:///${l.dbFile}?mode=0600`)),
    set('imap_host', phpString(`127.0.0.1:${s.imapPort}`)),
    // The node's Postfix relays for loopback (mynetworks): no SMTP login.
    set('smtp_host', phpString(`127.0.0.1:${s.smtpPort}`)),
    set('smtp_user', "''"),
    set('smtp_pass', "''"),
    set('des_key', phpString(s.desKey)),
    set('plugins', `[${phpString('haven_sso')}]`),
    set('haven_sso_config', phpString(l.ssoConfig)),
    set('log_dir', phpString(`${l.appLogDir}/`)),
    set('temp_dir', phpString(`${l.tempDir}/`)),
    set('skin', "'elastic'"),
    set('product_name', "'Webmail'"),
    set('useragent', "'Webmail'"),
    set('support_url', "''"),
    set('enable_installer', 'false'),
    set('enable_spellcheck', 'false'),
    set('login_autocomplete', '0'),
    '',
  ].join('\n');
}

/** The plugin's secrets, returned as an array by `include` (haven_sso.php `settings()`). */
export function renderSsoConfig(s: RoundcubeSettings): string {
  const entry = (key: string, value: string) => `  ${phpString(key)} => ${phpString(value)},`;
  return [
    '<?php',
    HEADER,
    'return [',
    entry('redeem_url', `${s.panelUrl.replace(/\/+$/, '')}/api/webmail/redeem`),
    entry('key', s.redeemKey),
    entry('master_user', s.master.user),
    entry('master_password', s.master.password),
    '];',
    '',
  ].join('\n');
}

/** The document root's index.php: Debian's Roundcube, with Haven's config and plugin dirs. */
export function renderRoundcubeIndex(l: RoundcubeLayout): string {
  return [
    '<?php',
    HEADER,
    `define('INSTALL_PATH', ${phpString(ROUNDCUBE.home)});`,
    `define('RCMAIL_CONFIG_DIR', ${phpString(l.configDir)});`,
    `define('RCUBE_PLUGINS_DIR', ${phpString(`${l.pluginsDir}/`)});`,
    `include INSTALL_PATH . 'index.php';`,
    '',
  ].join('\n');
}
