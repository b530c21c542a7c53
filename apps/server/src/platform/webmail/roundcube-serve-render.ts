import { fpmValue, nginxString } from '../web-server/escape.ts';
import { FASTCGI_PARAMS } from '../web-server/nginx-render.ts';
import { ONDEMAND_POOL } from '../web-server/fpm-render.ts';
import { ROUNDCUBE, type RoundcubeLayout } from './roundcube-layout.ts';

type Account = { user: string; group: string } | null;

/**
 * Roundcube's own PHP-FPM master and pool: the webmail account runs it (not the web account,
 * not a customer's), confined by open_basedir to Haven's webmail dir and Roundcube's code, so
 * neither Roundcube nor a flaw in it reaches a customer's webspace.
 */
export function renderRoundcubeFpm(l: RoundcubeLayout, pool: Account, web: Account): string {
  const readable = [
    `${l.base}/`,
    ROUNDCUBE.home,
    '/usr/share/roundcube/',
    ROUNDCUBE.defaults,
    // Debian's own plugins read their config there (world-readable, the package's files).
    '/etc/roundcube/plugins/',
    // PEAR and Guzzle (Debian's php-* packages) and the static files Roundcube stats.
    '/usr/share/php/',
    '/usr/share/javascript/',
    '/usr/share/nodejs/',
  ];
  return [
    '; Written by Haven (platform/webmail/roundcube-serve-render.ts); changes are overwritten.',
    '[global]',
    `pid = ${fpmValue(l.fpmPid)}`,
    `error_log = ${fpmValue(`${l.logDir}/php-fpm.log`)}`,
    'daemonize = no',
    '[roundcube]',
    ...(pool ? [`user = ${pool.user}`, `group = ${pool.group}`] : []),
    `listen = ${fpmValue(l.socket)}`,
    ...(web ? [`listen.owner = ${web.user}`, `listen.group = ${web.group}`] : []),
    ...ONDEMAND_POOL,
    `php_admin_value[open_basedir] = ${fpmValue(readable.join(':'))}`,
    `php_admin_value[upload_tmp_dir] = ${fpmValue(l.tempDir)}`,
    `php_admin_value[sys_temp_dir] = ${fpmValue(l.tempDir)}`,
    `php_admin_value[session.save_path] = ${fpmValue(l.tempDir)}`,
    `php_admin_value[error_log] = ${fpmValue(`${l.appLogDir}/php-error.log`)}`,
    'php_admin_flag[log_errors] = on',
    'php_admin_flag[display_errors] = off',
    'php_admin_flag[allow_url_include] = off',
    'php_admin_value[upload_max_filesize] = 25M',
    'php_admin_value[post_max_size] = 30M',
    'php_admin_value[memory_limit] = 128M',
    '',
  ].join('\n');
}

/**
 * The webmail's server block, on its own loopback port: index.php is the one script run;
 * other PHP, the plugins' code and texts, and hidden files are refused; the rest is static.
 * Logged without the query string, so a sign-on token never lands in a log.
 */
export function renderRoundcubeVhost(l: RoundcubeLayout, listen: readonly string[]): string {
  const params = FASTCGI_PARAMS.trim()
    .split('\n')
    .map((p) => `        ${p}`);
  return [
    "# Haven's webmail (Roundcube). Written by Haven; changes are overwritten.",
    'server {',
    ...listen.map((a) => `    listen ${a};`),
    '    server_name _;',
    `    root ${nginxString(l.publicDir)};`,
    '    index index.php;',
    '    client_max_body_size 30m;',
    `    access_log ${nginxString(`${l.logDir}/access.log`)} haven_path;`,
    `    error_log ${nginxString(`${l.logDir}/nginx-error.log`)};`,
    '    location ~ /\\. { deny all; }',
    '    location = /index.php {',
    ...params,
    '        fastcgi_param SCRIPT_FILENAME $document_root/index.php;',
    `        fastcgi_pass ${nginxString(`unix:${l.socket}`)};`,
    '    }',
    '    location ~ \\.php$ { return 403; }',
    '    location /plugins/ {',
    '        location ~ \\.(js|css|png|gif|jpe?g|svg|ico|woff2?|ttf|eot)$ { }',
    '        return 403;',
    '    }',
    '    location / { try_files $uri $uri/ =404; }',
    '}',
    '',
  ].join('\n');
}
