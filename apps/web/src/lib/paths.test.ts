import { describe, expect, it } from 'vitest';
import { ROUTES, routePath } from './paths.ts';

describe('routePath', () => {
  it('builds paths by route name', () => {
    expect(routePath('real-dashboard')).toBe('/dashboard');
    expect(routePath('account', { domain: 'example.nl' })).toBe('/account/example.nl');
    expect(
      routePath('databaseuserdetail', { domain: 'example.nl', name: 'shop', username: 'shop_rw' }),
    ).toBe('/webhosting/example.nl/database/shop/user/shop_rw');
  });

  it('leaves optional parameters out and fills the rest of a path', () => {
    expect(routePath('databasedetail', { domain: 'a.nl', name: 'db' })).toBe(
      '/webhosting/a.nl/database/db',
    );
    expect(
      routePath('databasedetail', {
        domain: 'a.nl',
        name: 'db',
        error_passed: 'passed_invalid_password',
      }),
    ).toBe('/webhosting/a.nl/database/db/passed_invalid_password');
    expect(routePath('filemanager', { domain: 'a.nl', '*': 'httpdocs/img' })).toBe(
      '/webhosting/a.nl/filemanager/httpdocs/img',
    );
  });

  it('covers the route tables of both specs', () => {
    const paths = new Set<string>(Object.values(ROUTES));
    for (const path of [
      '/',
      '/password-forgotten',
      '/password-forgotten/:token',
      '/dashboard',
      '/account/:domain',
      '/webhosting/:domain',
      '/mail/:domain',
      '/sitebuilder/:domain',
      '/helpdesk',
      '/webhosting/:domain/cronjob/:user/:hash',
      '/mail/:domain/forward/:from',
      '/helpdesk/address/:id',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
