import * as account from '@haven/contract/account';
import * as webhosting from '@haven/contract/webhosting';
import { USER } from '../../test/app-harness.tsx';
import { fakeApi, type FakeApi } from '../../test/fake-fetch.ts';

export const WWW: webhosting.Subdomain = {
  name: 'www.a.nl',
  name_short: 'www',
  perl: false,
  python: false,
  phpHandlerId: 'php82',
  ftpAccount: null,
  docroot: 'httpdocs',
};

export const BLOG: webhosting.Subdomain = {
  name: 'blog.a.nl',
  name_short: 'blog',
  perl: false,
  python: false,
  phpHandlerId: 'php82',
  ftpAccount: { id: 7, name: 'blogger' },
  docroot: 'subdomains/blog',
};

export const VERSIONS = [
  { value: 'php81', text: 'PHP 8.1' },
  { value: 'php82', text: 'PHP 8.2' },
];

/** A fake API answering the shell's calls and the webhosting lists; a test adds its own with `on`. */
export function fakeShell(): FakeApi {
  return fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(webhosting.getPhpVersions, { versions: VERSIONS })
    .on(webhosting.listWebUsers, {
      webusers: [{ id: 7, name: 'blogger', home: 'subdomains/blog', subdomains: ['blog'] }],
    });
}
