import { join } from 'node:path';
import { iniSizeBytes } from '@haven/contract/webhosting';
import { nginxLines, nginxString, phpIniLine, safeRealm } from './escape.ts';
import type { WebServerLayout } from './layout.ts';
import { settingsInPool, socketPath } from './php-pools.ts';
import type { DomainSite, SiteProtectedDir, SiteSubdomain } from './web-server.port.ts';
import {
  acmeLocation,
  coveredByTls,
  defaultTlsServer,
  redirectLocation,
  tlsServerLines,
  type BlockMode,
} from './tls-render.ts';

export function htpasswdPath(layout: WebServerLayout, domain: string, dirId: number): string {
  return join(layout.htpasswdDir, domain, String(dirId));
}

function phpLocation(
  layout: WebServerLayout,
  site: DomainSite,
  sub: SiteSubdomain,
  indent: string,
): string[] {
  if (!sub.php) {
    // Without PHP a .php file would be sent as source code, secrets and all.
    return [`${indent}location ~ \\.php$ { return 403; }`];
  }
  const inPool = settingsInPool(layout);
  // Without pools of their own, every setting is sent on every request: PHP-FPM keeps
  // PHP_VALUE in the worker, so a subdomain that sent fewer keys would inherit another's values.
  const ini = inPool ? [] : Object.entries(sub.ini).map(([k, v]) => phpIniLine(k, v));
  // nginx's own limit (1 MB by default) would refuse a POST before PHP's post_max_size is
  // asked: it is post_max_size (or its default; stored values passed the contract's checks).
  const body = iniSizeBytes('post_max_size', sub.ini) ?? iniSizeBytes('post_max_size', {});
  const socket = socketPath(layout, site.domainId, sub.php, inPool ? sub.name : undefined);
  return [
    `${indent}location ~ \\.php$ {`,
    `${indent}    try_files $uri =404;`,
    ...(body === null ? [] : [`${indent}    client_max_body_size ${body};`]),
    `${indent}    include ${nginxString(layout.fastcgiParams)};`,
    `${indent}    fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;`,
    ...(inPool ? [] : [`${indent}    fastcgi_param PHP_VALUE ${nginxLines(ini)};`]),
    `${indent}    fastcgi_pass ${nginxString(`unix:${socket}`)};`,
    `${indent}}`,
  ];
}

const HIDDEN = 'location ~ /\\.(?!well-known/) { deny all; }';

function protectedLocation(
  layout: WebServerLayout,
  site: DomainSite,
  sub: SiteSubdomain,
  dir: SiteProtectedDir,
): string[] {
  const realm = nginxString(safeRealm(dir.description));
  const file = nginxString(htpasswdPath(layout, site.domain, dir.id));
  const auth = [`        auth_basic ${realm};`, `        auth_basic_user_file ${file};`];
  return [
    // The bare path too, so `/members` does not answer (a redirect) before the password.
    `    location = ${nginxString(`/${dir.path}`)} {`,
    ...auth,
    `        try_files $uri $uri/ =404;`,
    `    }`,
    // `^~` stops regex locations, so the PHP and hidden-file rules are repeated inside.
    `    location ^~ ${nginxString(`/${dir.path}/`)} {`,
    ...auth,
    `        ${HIDDEN}`,
    ...phpLocation(layout, site, sub, '        '),
    `    }`,
  ];
}

function serverBlock(
  layout: WebServerLayout,
  site: DomainSite,
  sub: SiteSubdomain,
  mode: BlockMode = 'http',
): string[] {
  const log = (kind: string) => nginxString(join(site.home, 'logs', `${sub.name}.${kind}.log`));
  const content =
    mode === 'redirect'
      ? redirectLocation(layout, '    ')
      : [
          `    ${HIDDEN}`,
          ...sub.protectedDirs.flatMap((d) => protectedLocation(layout, site, sub, d)),
          `    location / { try_files $uri $uri/ =404; }`,
          ...phpLocation(layout, site, sub, '    '),
        ];
  return [
    `# ${sub.hostnames[0] ?? sub.name}${mode === 'https' ? ' (HTTPS)' : ''}`,
    'server {',
    ...(mode === 'https'
      ? tlsServerLines(layout, site, '    ')
      : layout.listen.map((l) => `    listen ${l};`)),
    `    server_name ${sub.hostnames.map(nginxString).join(' ')};`,
    // Local profile: also <name>.localhost, which browsers and curl resolve to loopback (issue #16).
    ...(layout.profile === 'local'
      ? [`    server_name ${sub.hostnames.map((h) => nginxString(`${h}.localhost`)).join(' ')};`]
      : []),
    `    root ${nginxString(sub.docroot)};`,
    // A link is followed only to a target of the link's own owner: never into another home.
    '    disable_symlinks if_not_owner from=$document_root;',
    `    index index.php index.html index.htm;`,
    `    access_log ${log('access')} haven;`,
    `    error_log ${log('error')};`,
    ...acmeLocation(layout, '    '),
    ...content,
    '}',
  ];
}

/** A subdomain's blocks: HTTP, or (covered by the domain's certificate) a redirect and HTTPS. */
function subdomainBlocks(layout: WebServerLayout, site: DomainSite, sub: SiteSubdomain): string[] {
  if (!coveredByTls(layout, site, sub)) return [...serverBlock(layout, site, sub), ''];
  return [
    ...serverBlock(layout, site, sub, 'redirect'),
    '',
    ...serverBlock(layout, site, sub, 'https'),
    '',
  ];
}

/** The domain's file: one server block per subdomain. */
export function renderSite(layout: WebServerLayout, site: DomainSite): string {
  const header = `# Managed by Haven for ${site.domain}: every change here is overwritten.`;
  return [header, '', ...site.subdomains.flatMap((s) => subdomainBlocks(layout, site, s))].join(
    '\n',
  );
}

/**
 * The access-log format of every vhost: nginx's `combined` (the log viewer reads that prefix)
 * plus the bytes received and sent (headers included), which the statistics count.
 */
export const HAVEN_LOG_FORMAT =
  'log_format haven \'$remote_addr - $remote_user [$time_local] "$request" $status ' +
  '$body_bytes_sent "$http_referer" "$http_user_agent" $request_length $bytes_sent\';';

/** The webmail's access log: the path without its query, where a sign-on token would be. */
export const HAVEN_PATH_LOG_FORMAT =
  'log_format haven_path \'$remote_addr - $remote_user [$time_local] "$request_method $uri $server_protocol" \' ' +
  '\'$status $body_bytes_sent "$http_user_agent"\';';

/** The FastCGI parameters (Debian's list) the PHP locations include. */
export const FASTCGI_PARAMS =
  [
    'QUERY_STRING $query_string',
    'REQUEST_METHOD $request_method',
    'CONTENT_TYPE $content_type',
    'CONTENT_LENGTH $content_length',
    'SCRIPT_NAME $fastcgi_script_name',
    'REQUEST_URI $request_uri',
    'DOCUMENT_URI $document_uri',
    'DOCUMENT_ROOT $document_root',
    'SERVER_PROTOCOL $server_protocol',
    'REQUEST_SCHEME $scheme',
    'HTTPS $https if_not_empty',
    'GATEWAY_INTERFACE CGI/1.1',
    'SERVER_SOFTWARE nginx',
    'REMOTE_ADDR $remote_addr',
    'REMOTE_PORT $remote_port',
    'REMOTE_USER $remote_user',
    'SERVER_ADDR $server_addr',
    'SERVER_PORT $server_port',
    'SERVER_NAME $server_name',
    'REDIRECT_STATUS 200',
  ]
    .map((p) => `fastcgi_param ${p};`)
    .join('\n') + '\n';

/** Forwards first: nginx keeps the first server block of a name (see layout.forwardsDir). */
function siteIncludes(layout: WebServerLayout): string[] {
  return [layout.forwardsDir, layout.sitesDir, layout.panelSitesDir].map(
    (dir) => `include ${nginxString(join(dir, '*.conf'))};`,
  );
}

/** Local profile: a complete nginx.conf whose every path is under Haven's data dir. */
export function renderLocalMain(layout: WebServerLayout): string {
  const p = layout.nginx.prefix ?? '/';
  const q = (rel: string) => nginxString(join(p, rel));
  return [
    '# Generated by Haven (local profile).',
    ...(layout.runAs ? [`user ${layout.runAs.user} ${layout.runAs.group};`] : []),
    'worker_processes 1;',
    `pid ${nginxString(layout.nginx.pidFile)};`,
    `error_log ${q('error.log')};`,
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    server_tokens off;',
    `    access_log ${q('access.log')};`,
    `    ${HAVEN_LOG_FORMAT}`,
    `    ${HAVEN_PATH_LOG_FORMAT}`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (t) => `    ${t}_temp_path ${q(`tmp/${t}`)};`,
    ),
    // A host name no site claims gets no site (not the first customer's).
    '    server {',
    ...layout.listen.map((l) => `        listen ${l} default_server;`),
    '        server_name _;',
    '        return 444;',
    '    }',
    ...siteIncludes(layout).map((l) => `    ${l}`),
    '}',
    '',
  ].join('\n');
}

/** Debian profile: the file in conf.d that pulls Haven's sites into the distribution's nginx.conf. */
export function renderDebianInclude(layout: WebServerLayout): string {
  return [
    '# Generated by Haven.',
    HAVEN_LOG_FORMAT,
    HAVEN_PATH_LOG_FORMAT,
    ...defaultTlsServer(layout, ''),
    ...siteIncludes(layout),
    '',
  ].join('\n');
}
