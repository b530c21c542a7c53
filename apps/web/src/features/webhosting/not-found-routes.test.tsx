import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as webhosting from '@haven/contract/webhosting';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { ProtectedDirectoryDetailPage } from './protected-directory-detail-page.tsx';
import { ProtectedUserAddPage } from './protected-user-add-page.tsx';
import { ProtectedUserDetailPage } from './protected-user-detail-page.tsx';
import { SubdomainDetailPage } from './subdomain-detail-page.tsx';
import { WebUserDetailPage } from './web-user-detail-page.tsx';

beforeAll(() => i18n.loadNamespaces(['webhosting']));

const DIR = { id: 4, subdomain: 'blog', name: 'beheer', description: '', users: 1 };
const WITH_ANNA = { directory: DIR, users: [{ name: 'anna' }] };

/** The not-found page with its way back, and nothing to fill in or press for the missing thing. */
async function expectNotFound(container: HTMLElement) {
  expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
  expect(container.querySelector('form, input, textarea')).toBeNull();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
}

// Each route of a thing (or a parent) that does not exist answers with the not-found page.
describe('webhosting routes of something that does not exist', () => {
  it('subdomain', async () => {
    fakeApi().on(webhosting.getSubdomain, fail(404, 'not_found'));
    const { container } = renderPage(<SubdomainDetailPage />, {
      path: ROUTES.subdomaindetail,
      url: '/webhosting/a.nl/subdomain/nergens',
    });
    await expectNotFound(container);
  });

  it('web user', async () => {
    fakeApi().on(webhosting.getWebUser, fail(404, 'not_found'));
    const { container } = renderPage(<WebUserDetailPage />, {
      path: ROUTES['web-user-detail'],
      url: '/webhosting/a.nl/web-user/niemand',
    });
    await expectNotFound(container);
  });

  it('protected directory, also when the address holds no id', async () => {
    fakeApi().on(webhosting.getProtectedDirectory, fail(404, 'not_found'));
    const missing = renderPage(<ProtectedDirectoryDetailPage />, {
      path: ROUTES.protecteddirectorydetail,
      url: '/webhosting/a.nl/protected-directory/99',
    });
    await expectNotFound(missing.container);
    missing.unmount();
    const noId = renderPage(<ProtectedDirectoryDetailPage />, {
      path: ROUTES.protecteddirectorydetail,
      url: '/webhosting/a.nl/protected-directory/beheer',
    });
    await expectNotFound(noId.container);
  });

  it('a user added to a protected directory that does not exist', async () => {
    fakeApi().on(webhosting.getProtectedDirectory, fail(404, 'not_found'));
    const { container } = renderPage(<ProtectedUserAddPage />, {
      path: ROUTES.protecteddirectoryuseradd,
      url: '/webhosting/a.nl/protected-directory/99/user',
    });
    await expectNotFound(container);
  });

  it('a user the protected directory does not have', async () => {
    fakeApi().on(webhosting.getProtectedDirectory, WITH_ANNA);
    const { container } = renderPage(<ProtectedUserDetailPage />, {
      path: ROUTES.protecteddirectoryuserdetail,
      url: '/webhosting/a.nl/protected-directory/4/user/bert',
    });
    await expectNotFound(container);
  });
});

// A refusal offers no retry (it would answer the same); a server fault does.
describe('a web user screen that fails', () => {
  const open = () =>
    renderPage(<WebUserDetailPage />, {
      path: ROUTES['web-user-detail'],
      url: '/webhosting/a.nl/web-user/blogger',
    });

  it('offers no retry when refused (403)', async () => {
    fakeApi().on(webhosting.getWebUser, fail(403, 'forbidden'));
    open();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it('offers a retry on a server fault (500)', async () => {
    fakeApi().on(webhosting.getWebUser, fail(500, 'internal'));
    open();
    expect(await screen.findByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
