import { fpmPhpValue, fpmValue } from './escape.ts';
import type { WebServerLayout } from './layout.ts';
import { poolName, settingsInPool, socketPath } from './php-pools.ts';
import type { DomainSite, SiteSubdomain } from './web-server.port.ts';

/** What every PHP-FPM pool Haven writes shares: workers on demand, PHP files only. */
export const ONDEMAND_POOL = [
  'listen.mode = 0660',
  'pm = ondemand',
  'pm.max_children = 5',
  'pm.process_idle_timeout = 30s',
  'pm.max_requests = 500',
  'catch_workers_output = yes',
  'security.limit_extensions = .php',
] as const;

/**
 * A domain's pools of one PHP version, in one file: a pool per subdomain with its own PHP
 * settings where the domain has a master of its own (php-pools.ts), else one pool whose
 * settings travel with each request (PHP_VALUE from the server block). Every pool holds what the
 * customer must not change: the open_basedir that keeps PHP inside the domain's home.
 */
export function renderPool(
  layout: WebServerLayout,
  site: DomainSite,
  php: string,
  version: string,
): string {
  const header = `; Managed by Haven for ${site.domain} (PHP ${version}): every change here is overwritten.`;
  if (!settingsInPool(layout))
    return [header, ...poolLines(layout, site, php, null), ''].join('\n');
  const subs = site.subdomains.filter((s) => s.php === php);
  return [header, ...subs.flatMap((s) => poolLines(layout, site, php, s)), ''].join('\n');
}

/** One pool: the domain's (`sub` null) or a subdomain's, with that subdomain's settings. */
function poolLines(
  layout: WebServerLayout,
  site: DomainSite,
  php: string,
  sub: SiteSubdomain | null,
): string[] {
  const name = poolName(site.domainId, php, sub?.name);
  const home = `${site.home.replace(/\/+$/, '')}/`;
  // Own account: its temp and session files stay in its home, which no other customer enters.
  const runs = site.owner ?? layout.runAs;
  const tmp = site.owner ? `${site.owner.tmp}/` : '/tmp/';
  return [
    `[${name}]`,
    ...(runs ? [`user = ${runs.user}`, `group = ${runs.group}`] : []),
    `listen = ${fpmValue(socketPath(layout, site.domainId, php, sub?.name))}`,
    // The socket is the web account's: nginx connects, the domain's own PHP need not.
    ...(layout.runAs
      ? [`listen.owner = ${layout.runAs.user}`, `listen.group = ${layout.runAs.group}`]
      : []),
    ...ONDEMAND_POOL,
    // The customer's settings (the contract's allowed keys, none of them an admin value below).
    ...Object.entries(sub?.ini ?? {}).map(([k, v]) => fpmPhpValue(k, v)),
    `php_admin_value[open_basedir] = ${fpmValue(site.owner ? home : `${home}:${tmp}`)}`,
    `php_admin_value[upload_tmp_dir] = ${fpmValue(tmp)}`,
    `php_admin_value[sys_temp_dir] = ${fpmValue(tmp)}`,
    ...(site.owner
      ? [
          `php_admin_value[session.save_path] = ${fpmValue(site.owner.sessions)}`,
          // Debian's php.ini leaves session clean-up to a cron job that knows only its own folder.
          'php_admin_value[session.gc_probability] = 1',
        ]
      : []),
    'php_admin_flag[allow_url_include] = off',
  ];
}
