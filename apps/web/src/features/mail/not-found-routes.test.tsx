import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import * as lists from '@haven/contract/mail-lists';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { USER } from '../../test/app-harness.tsx';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { ForwardDetailPage } from './forward-detail-page.tsx';
import { ListDetailPage } from './lists/list-detail-page.tsx';
import { MailDetailPage } from './mail-detail-page.tsx';

beforeAll(() => i18n.loadNamespaces(['mail', 'mail-lists']));

/** The not-found page with its way back, and nothing to fill in or press for the missing thing. */
async function expectNotFound(container: HTMLElement) {
  expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
  expect(container.querySelector('form, input, textarea')).toBeNull();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
}

// Each route of a mail thing that does not exist answers with the not-found page.
describe('mail routes of something that does not exist', () => {
  it('mailbox', async () => {
    fakeApi().on(account.getUser, USER).on(mail.getAddress, fail(404, 'not_found'));
    const { container } = renderPage(<MailDetailPage />, {
      path: ROUTES.mailaddressdetail,
      url: '/mail/a.nl/address/niemand',
    });
    await expectNotFound(container);
  });

  it('group', async () => {
    fakeApi().on(account.getUser, USER).on(mail.getGroup, fail(404, 'not_found'));
    const { container } = renderPage(<MailDetailPage />, {
      path: ROUTES.mailaddressdetail,
      url: '/mail/a.nl/group/niemand',
    });
    await expectNotFound(container);
  });

  it('forward', async () => {
    fakeApi().on(mail.listForwards, {
      records: [{ host: 'info', address: 'info@a.nl', value: 'x@b.nl' }],
      limit: { current: 1, max: 10 },
    });
    const { container } = renderPage(<ForwardDetailPage />, {
      path: ROUTES.mailforwarddetail,
      url: '/mail/a.nl/forward/niemand',
    });
    await expectNotFound(container);
  });

  it('mailing list', async () => {
    fakeApi().on(lists.getList, fail(404, 'not_found'));
    const { container } = renderPage(<ListDetailPage />, {
      path: ROUTES.maillistdetail,
      url: '/mail/a.nl/list/niemand',
    });
    await expectNotFound(container);
  });
});
