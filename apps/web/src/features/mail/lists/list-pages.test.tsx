import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as lists from '@haven/contract/mail-lists';
import { ROUTES } from '../../../lib/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { USER } from '../../../test/app-harness.tsx';
import { fail, fakeApi, type FakeReply } from '../../../test/fake-fetch.ts';
import { landing, renderPage } from '../../../test/render.tsx';
import { ListAddPage } from './list-add-page.tsx';
import { ListDetailPage } from './list-detail-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(() => i18n.loadNamespaces(['mail', 'mail-lists']));

const LIST: lists.MailList = {
  name: 'nieuws',
  address: 'nieuws@a.nl',
  admin_email: 'info@a.nl',
  active: true,
  subscribers: 1,
};

async function addList(reply: FakeReply<typeof lists.createList>) {
  const { calls } = fakeApi().on(account.getUser, USER).on(lists.createList, reply);
  const app = renderPage(<ListAddPage />, {
    path: ROUTES.maillistadd,
    url: '/mail/a.nl/list/add',
    extraRoutes: [landing(ROUTES.maillist)],
  });
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Nieuws');
  await user.type(
    screen.getByRole('textbox', { name: /^E-mailadres van de beheerder/ }),
    'info@a.nl',
  );
  await user.click(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }));
  await user.paste('Lijst-bode-2026!x');
  await user.click(screen.getByLabelText(/^Herhaal wachtwoord/, { selector: 'input' }));
  await user.paste('Lijst-bode-2026!x');
  await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
  return { ...app, calls };
}

describe('mail list add', () => {
  it('sends the name lower-cased, then opens the overview', async () => {
    const { router, calls } = await addList(LIST);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mail/a.nl/list'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'nieuws',
      admin_email: 'info@a.nl',
      active: true,
    });
  });

  it('shows the catalogue text when the name is taken', async () => {
    await addList(fail(409, 'name_exists'));
    expect(await screen.findByText(/Deze naam bestaat al op dit domein/)).toBeInTheDocument();
  });
});

describe('mail list detail', () => {
  it('lists subscribers, offers the domain addresses and shows a refused subscribe as is', async () => {
    const { calls } = fakeApi()
      .on(account.getUser, USER)
      .on(lists.getList, LIST)
      .on(lists.listSubscribers, { subscribers: [{ email: 'info@a.nl', since: 0 }] })
      .on(lists.availableSubscribers, { addresses: ['bob@a.nl'] })
      .on(lists.subscribe, fail(409, 'already_subscribed'));
    renderPage(<ListDetailPage />, { path: ROUTES.maillistdetail, url: '/mail/a.nl/list/nieuws' });
    const members = await screen.findByRole('list', { name: 'Abonnees' });
    expect(within(members).getByText('info@a.nl')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'info@a.nl afmelden' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'info@a.nl');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit adres is al aangemeld voor de lijst.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'info@a.nl' });
  });
});

describe('subscribing', () => {
  it('sends the address lower-cased and empties the field', async () => {
    let subscribed = false;
    const members = () => ({
      subscribers: subscribed ? [{ email: 'bob@a.nl', since: 0 }] : [],
    });
    const { calls } = fakeApi()
      .on(account.getUser, USER)
      .on(lists.getList, LIST)
      .on(lists.listSubscribers, members)
      .on(lists.availableSubscribers, { addresses: [] })
      .on(lists.subscribe, () => ((subscribed = true), members()));
    renderPage(<ListDetailPage />, { path: ROUTES.maillistdetail, url: '/mail/a.nl/list/nieuws' });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'E-mailadres' });
    await user.type(field, ' Bob@A.nl ');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(
      await within(screen.getByRole('list', { name: 'Abonnees' })).findByText('bob@a.nl'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'bob@a.nl' });
  });

  it('keeps an address typed while the previous subscribe was still finishing', async () => {
    let subscribed = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const members = () => ({
      subscribers: [
        { email: 'info@a.nl', since: 0 },
        ...(subscribed ? [{ email: 'bob@a.nl', since: 0 }] : []),
      ],
    });
    fakeApi()
      .on(account.getUser, USER)
      // The list's own refetch after the subscribe is slow: the member shows before it finishes.
      .on(lists.getList, async () => (subscribed ? (await held, LIST) : LIST))
      .on(lists.listSubscribers, members)
      .on(lists.availableSubscribers, { addresses: ['bob@a.nl'] })
      .on(lists.subscribe, () => ((subscribed = true), members()));
    renderPage(<ListDetailPage />, { path: ROUTES.maillistdetail, url: '/mail/a.nl/list/nieuws' });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'E-mailadres' });
    await user.type(field, 'bob@a.nl');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(
      await within(screen.getByRole('list', { name: 'Abonnees' })).findByText('bob@a.nl'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'lid@example.org');
    const button = screen.getByRole('button', { name: 'Aanmelden' });
    expect(button).toHaveAttribute('data-loading');
    release();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(field).toHaveValue('lid@example.org');
  });
});

describe('a list of thousands', { timeout: 60_000 }, () => {
  it('shows its 5,000 subscribers 50 at a time, searchable', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      email: `lid${String(i).padStart(4, '0')}@example.org`,
      since: 0,
    }));
    fakeApi()
      .on(account.getUser, USER)
      .on(lists.getList, { ...LIST, subscribers: 5000 })
      .on(lists.listSubscribers, { subscribers: many })
      .on(lists.availableSubscribers, { addresses: [] });
    renderPage(<ListDetailPage />, { path: ROUTES.maillistdetail, url: '/mail/a.nl/list/nieuws' });
    const members = await screen.findByRole('list', { name: 'Abonnees' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('1–50 van 5000')).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('searchbox', { name: 'Zoeken op naam' }), 'lid4999');
    expect(await screen.findByText('1 van 5000')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'lid4999@example.org afmelden' }),
    ).toBeInTheDocument();
  });
});
