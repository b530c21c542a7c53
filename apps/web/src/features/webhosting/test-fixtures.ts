import type * as webhosting from '@haven/contract/webhosting';
import { USER } from '../../test/app-harness.tsx';
import type { FakeAnswer, FakeRequest } from '../../test/fake-fetch.ts';

type Handler = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

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

/** The shell's calls plus the webhosting calls a test answers. */
export function shellAnd(handlers: Record<string, Handler>): Record<string, Handler> {
  return {
    'GET /api/user': { body: USER },
    'GET /api/a.nl/general-notification': { body: { notifications: [] } },
    'GET /api/a.nl/notification': { body: { notifications: [] } },
    'GET /api/a.nl/webhosting/subdomain/www/php': { body: { versions: VERSIONS } },
    'GET /api/a.nl/webhosting/webuser': {
      body: { webusers: [{ id: 7, name: 'blogger', home: 'subdomains/blog', subdomains: ['blog'] }] },
    },
    ...handlers,
  };
}
