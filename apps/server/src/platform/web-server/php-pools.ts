import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { WebServerLayout } from './layout.ts';

/**
 * Where a subdomain's PHP settings live. Where each domain has a PHP-FPM master of its own (local
 * profile), in a pool per subdomain: a setting change reloads that domain's master alone and
 * leaves nginx untouched (bench/node-1000.ts: `nginx -t` and a reload of 1,000 sites cost a
 * change ~0.5 s). Where the pools share the distribution's master (debian), in nginx's
 * PHP_VALUE, one pool per domain: reloading that master would cut every site's running requests.
 */
export function settingsInPool(layout: WebServerLayout): boolean {
  return layout.php.masterDir('') !== null;
}

/** A subdomain's part of a pool name: its name (dots as `_`, which names never hold), or a hash when long. */
function subdomainKey(sub: string): string {
  const plain = sub.replace(/\./g, '_');
  if (/^[a-z0-9_-]{1,24}$/.test(plain)) return plain;
  return `h${createHash('sha256').update(sub).digest('hex').slice(0, 12)}`;
}

/**
 * The pool a domain's PHP version runs in: one per domain and version, or (settings in the pool)
 * one per subdomain and version.
 */
export function poolName(domainId: number, php: string, sub?: string): string {
  const base = `haven-d${domainId}-${php}`;
  return sub === undefined ? base : `${base}-${subdomainKey(sub)}`;
}

/** The pool's socket; kept short (a unix socket path has 107 bytes). */
export function socketPath(
  layout: WebServerLayout,
  domainId: number,
  php: string,
  sub?: string,
): string {
  return join(layout.socketDir, `${poolName(domainId, php, sub)}.sock`);
}
