import { describe, expect, it } from 'vitest';
import { renderPool } from './fpm-render.ts';
import { debianLayout, localLayout } from './layout.ts';
import { renderSite } from './nginx-render.ts';
import { poolName } from './php-pools.ts';
import type { DomainSite, SiteSubdomain } from './web-server.port.ts';

const sub = (name: string, ini: Record<string, string>): SiteSubdomain => ({
  name,
  hostnames: [`${name}.voorbeeld.test`],
  docroot: `/srv/voorbeeld.test/${name}`,
  php: 'php82',
  ini,
  protectedDirs: [],
});
const site: DomainSite = {
  domainId: 7,
  domain: 'voorbeeld.test',
  home: '/srv/voorbeeld.test',
  owner: null,
  subdomains: [
    sub('www', { memory_limit: '256M', error_reporting: 'E_ALL & ~E_NOTICE' }),
    sub('shop.eu', { memory_limit: '64M', display_errors: 'On' }),
  ],
};

describe('PHP settings: in a pool per subdomain where the domain has its own master', () => {
  it('local profile: a pool per subdomain with its settings; nginx sends none', () => {
    const layout = localLayout('/var/lib/haven/web', ['80'], null);
    const pool = renderPool(layout, site, 'php82', '8.2');
    expect(pool).toContain('[haven-d7-php82-www]');
    expect(pool).toContain('[haven-d7-php82-shop_eu]');
    // Unquoted as in PHP_VALUE: the ini parser works the constants out.
    expect(pool).toContain('php_value[error_reporting] = E_ALL & ~E_NOTICE\n');
    expect(pool).toMatch(/\[haven-d7-php82-shop_eu\][^[]*php_value\[memory_limit\] = 64M/);
    const nginx = renderSite(layout, site);
    expect(nginx).not.toContain('PHP_VALUE');
    expect(nginx).toContain('haven-d7-php82-shop_eu.sock');
  });

  it('debian profile (one shared master): one pool a domain, settings in PHP_VALUE', () => {
    const layout = debianLayout(['80'], null);
    const pool = renderPool(layout, site, 'php82', '8.2');
    expect(pool).toContain('[haven-d7-php82]\n');
    expect(pool).not.toContain('php_value[');
    expect(renderSite(layout, site)).toContain('PHP_VALUE "memory_limit=256M');
  });

  it('names a long subdomain’s pool by a hash, and refuses a value that could add a line', () => {
    expect(poolName(7, 'php82', 'a'.repeat(63))).toMatch(/^haven-d7-php82-h[0-9a-f]{12}$/);
    const bad = { ...site, subdomains: [sub('www', { memory_limit: '1M\nuser = root' })] };
    expect(() => renderPool(localLayout('/x', ['80'], null), bad, 'php82', '8.2')).toThrow();
  });
});
