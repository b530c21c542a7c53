import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { authStore } from '../../lib/auth-store.ts';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { USER } from '../../test/app-harness.tsx';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { MailAddPage } from './mail-add-page.tsx';
import { MailListPage } from './mail-list-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(() => i18n.loadNamespaces(['mail']));

const LIST: mail.MailAccountList = {
  accounts: [
    {
      name: 'info',
      type: 'address',
      address: 'info@a.nl',
      alias: ['verkoop', 'sales'],
      targets: [],
      mailbox: { usage: 2_450_000, quota: 0 },
    },
  ],
  limit: { current: 5, max: 5 },
  active: false,
};

const DETAIL: mail.MailAddressDetail = {
  name: 'info',
  address: 'info@a.nl',
  forwarding: { address: [] },
  alias: ['verkoop'],
  quota: 0,
  usage: 0,
  autoresponder: AUTORESPONDER_DEFAULTS,
  spamfilter: SPAMFILTER_DEFAULTS,
};

describe('mail address list', () => {
  it('shows the mail sections as the one tab row, the open one marked', async () => {
    authStore.setToken('token');
    fakeApi().on(account.getUser, USER).on(mail.listAccounts, LIST);
    renderPage(<MailListPage />, { path: ROUTES.mailaddress, url: '/mail/a.nl/group' });
    const nav = await screen.findByRole('navigation', { name: 'Onderdelen van e-mail' });
    // The test DOM measures no room: every section stays in the row, none behind "Meer".
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Groepen' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'Doorsturingen' })).toHaveAttribute(
      'href',
      '/mail/a.nl/forward',
    );
    expect(within(nav).queryByRole('button', { name: /^Meer/ })).toBeNull();
  });

  it('shows each mailbox with its usage, the instap limit and the mail-off notice', async () => {
    fakeApi().on(account.getUser, USER).on(mail.listAccounts, LIST);
    renderPage(<MailListPage />, { path: ROUTES.mailaddress, url: '/mail/a.nl/address' });
    const list = await screen.findByRole('list', { name: 'E-mailadressen' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('info@a.nl2,5 MB in gebruik · 2 aliassen');
    expect(within(item).getByRole('link')).toHaveAttribute('href', '/mail/a.nl/address/info');
    expect(screen.getByText(/5 van 5 adressen in gebruik/)).toBeInTheDocument();
    expect(screen.getByText('De e-maildienst staat uit')).toBeInTheDocument();
    // At the limit no sixth address can be started.
    expect(screen.getByRole('link', { name: 'Nieuw e-mailadres' })).toHaveAttribute(
      'data-disabled',
      'true',
    );
  });
});

async function addAddress(reply: FakeReply<typeof mail.createAddress>) {
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(mail.listAccounts, { ...LIST, limit: { current: 1, max: null }, active: true })
    .on(mail.createAddress, reply);
  const app = renderPage(<MailAddPage />, {
    path: ROUTES.mailaddressadd,
    url: '/mail/a.nl/address/add',
    extraRoutes: [landing(ROUTES.mailaddress)],
  });
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Info');
  await user.click(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }));
  await user.paste('Post-bode-2026!x');
  await user.click(screen.getByLabelText(/^Herhaal wachtwoord/, { selector: 'input' }));
  await user.paste('Post-bode-2026!x');
  await user.type(screen.getByRole('textbox', { name: /^Aliassen/ }), 'Ver koop{Enter}');
  await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
  return { ...app, calls };
}

describe('mail address add', () => {
  it('sends the name lower-cased and the alias without spaces, then opens the list', async () => {
    const { router, calls } = await addAddress(DETAIL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mail/a.nl/address'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'info',
      alias: ['verkoop'],
    });
  });

  it("shows the catalogue's text for a name that is taken", async () => {
    await addAddress(fail(409, 'exists_as_group'));
    expect(await screen.findByText('Deze naam bestaat al als groep.')).toBeInTheDocument();
  });
});
