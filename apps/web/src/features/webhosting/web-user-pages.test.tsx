import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import * as webhosting from '@haven/contract/webhosting';
import { fail, type FakeApi } from '../../test/fake-fetch.ts';
import { fakeShell } from './test-fixtures.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

function open(url: string, answer: (fake: FakeApi) => unknown = () => {}) {
  authStore.setToken('token');
  const fake = fakeShell();
  answer(fake);
  const { calls } = fake;
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls, user: userEvent.setup() };
}

const SITE = { id: 3, name: 'site', home: '', subdomains: [] };

describe('web user screens', { timeout: 60_000 }, () => {
  it('lists the web users with their folder', async () => {
    open('/webhosting/a.nl/web-user');
    expect(await screen.findByRole('link', { name: 'blogger' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/web-user/blogger',
    );
    expect(screen.getByText('/subdomains/blog')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Webhosting' });
    expect(within(nav).getByRole('link', { name: 'Webgebruikers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('adds a web user, and shows the catalogue text when the name is taken', async () => {
    let taken = true;
    const { calls, user, router } = open('/webhosting/a.nl/web-user/add', (fake) =>
      fake.on(webhosting.createWebUser, () => (taken ? fail(409, 'user_exists') : SITE)),
    );
    await user.type(await screen.findByRole('textbox', { name: /^Gebruikersnaam/ }), 'site');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'kort');
    await user.click(screen.getByRole('button', { name: 'Webgebruiker toevoegen' }));
    expect(
      await screen.findByText('Het wachtwoord voldoet niet aan de eisen.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'De twee wachtwoorden zijn niet gelijk: typ twee keer hetzelfde wachtwoord.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Webuser-2024!x');
    await user.type(
      screen.getByLabelText(/^Herhaal wachtwoord/, { selector: 'input' }),
      'Webuser-2024!x',
    );
    await user.click(screen.getByRole('button', { name: 'Webgebruiker toevoegen' }));
    expect(await screen.findByText('Deze gebruikersnaam is al in gebruik.')).toBeInTheDocument();
    taken = false;
    await user.click(screen.getByRole('button', { name: 'Webgebruiker toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhosting/a.nl/web-user'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'site',
      password: 'Webuser-2024!x',
    });
  });

  it('changes the password and deletes the user after confirming', async () => {
    const { calls, user, router } = open('/webhosting/a.nl/web-user/site', (fake) =>
      fake
        .on(webhosting.getWebUser, SITE)
        .on(webhosting.updateWebUser, SITE)
        .on(webhosting.deleteWebUser, { deleted: true }),
    );
    expect(await screen.findByText('Alle mappen van het domein')).toBeInTheDocument();
    await user.type(
      screen.getByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
      'Changed-2024!x',
    );
    await user.type(
      screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
      'Changed-2024!x',
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Het wachtwoord is gewijzigd.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'Changed-2024!x' });

    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'site verwijderen?' });
    expect(within(dialog).getByText(/Webgebruiker site wordt verwijderd/)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Webgebruiker van');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhosting/a.nl/web-user'));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/api/a.nl/webhosting/webuser/site'),
    ).toBe(true);
  });

  it('names the subdomains whose web user it is when deleting it', async () => {
    open('/webhosting/a.nl/web-user/blogger', (fake) =>
      fake.on(webhosting.getWebUser, {
        id: 7,
        name: 'blogger',
        home: 'subdomains/blog',
        subdomains: ['blog', 'shop'],
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'blogger verwijderen?' });
    expect(dialog).toHaveTextContent(
      'Het is de webgebruiker van de subdomeinen blog.a.nl en shop.a.nl; die hebben daarna geen eigen webgebruiker meer.',
    );
  });
});
