import { describe, expect, it } from 'vitest';
import { nearestScreen } from './nearest-screen.ts';

const hosting = { name: 'b.nl', package: 'HOSTING' } as const;
const domainOnly = { name: 'b.nl', package: 'DOMAIN' } as const;

describe('nearestScreen', () => {
  it('keeps the screen when the new domain has it', () => {
    expect(nearestScreen('/webhosting/a.nl/database', 'a.nl', hosting, 'HOSTING')).toBe(
      '/webhosting/b.nl/database',
    );
    expect(nearestScreen('/mail/a.nl/alias', 'a.nl', domainOnly, 'HOSTING')).toBe(
      '/mail/b.nl/alias',
    );
    expect(nearestScreen('/upgrade/a.nl/step/ssl', 'a.nl', hosting, 'HOSTING')).toBe(
      '/upgrade/b.nl/step/ssl',
    );
  });

  it('goes up from a thing of the old domain to its list', () => {
    expect(nearestScreen('/webhosting/a.nl/database/shop', 'a.nl', hosting, 'HOSTING')).toBe(
      '/webhosting/b.nl/database',
    );
    expect(nearestScreen('/webhosting/a.nl/filemanager/www/img', 'a.nl', hosting, 'HOSTING')).toBe(
      '/webhosting/b.nl/filemanager',
    );
  });

  it('takes the area screen a domain-only package has, else the dashboard', () => {
    expect(nearestScreen('/webhosting/a.nl/database/shop', 'a.nl', domainOnly, 'HOSTING')).toBe(
      '/webhosting/b.nl/dns',
    );
    expect(nearestScreen('/sitebuilder/a.nl', 'a.nl', domainOnly, 'HOSTING')).toBe('/dashboard');
  });

  it('leaves paths without a domain alone', () => {
    expect(nearestScreen('/helpdesk/ticket/4', undefined, hosting, 'HOSTING')).toBe(
      '/helpdesk/ticket/4',
    );
  });
});
