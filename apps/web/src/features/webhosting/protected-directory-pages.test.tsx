import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import * as webhosting from '@haven/contract/webhosting';
import { fail, type FakeApi } from '../../test/fake-fetch.ts';
import { BLOG, fakeShell, WWW } from './test-fixtures.ts';

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

const DIR = { id: 4, subdomain: 'blog', name: 'beheer', description: 'Alleen beheer', users: 1 };
const detail = (users: string[]) => ({
  directory: { ...DIR, users: users.length },
  users: users.map((name) => ({ name })),
});

describe('protected directory screens', { timeout: 60_000 }, () => {
  it('lists the directories by address', async () => {
    open('/webhosting/a.nl/protected-directory', (fake) =>
      fake.on(webhosting.listProtectedDirectories, { directories: [DIR] }),
    );
    expect(await screen.findByRole('link', { name: 'blog.a.nl/beheer' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/protected-directory/4',
    );
  });

  it('protects a directory of a chosen subdomain and opens it; a bad path is refused before sending', async () => {
    const { calls, user, router } = open('/webhosting/a.nl/protected-directory/add', (fake) =>
      fake
        .on(webhosting.listSubdomains, { subdomains: [WWW, BLOG] })
        .on(webhosting.createProtectedDirectory, DIR)
        .on(webhosting.getProtectedDirectory, detail([])),
    );
    await user.click(await screen.findByRole('textbox', { name: /^Subdomein/ }));
    await user.click(await screen.findByRole('option', { name: 'blog.a.nl' }));
    await user.type(screen.getByRole('textbox', { name: /^Map/ }), '../etc');
    await user.click(screen.getByRole('button', { name: 'Map beveiligen' }));
    expect(
      await screen.findByText(
        'Map bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: /^Map/ }));
    await user.type(screen.getByRole('textbox', { name: /^Map/ }), '/beheer/');
    await user.type(screen.getByRole('textbox', { name: /^Omschrijving/ }), 'Alleen beheer');
    await user.click(screen.getByRole('button', { name: 'Map beveiligen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/protected-directory/4'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subdomain: 'blog',
      name: 'beheer',
      description: 'Alleen beheer',
    });
    expect(await screen.findByText(/nog geen gebruikers/)).toBeInTheDocument();
  });

  it('adds a user and goes back to the directory', async () => {
    const { calls, user, router } = open('/webhosting/a.nl/protected-directory/4/user', (fake) =>
      fake
        .on(webhosting.getProtectedDirectory, detail([]))
        .on(webhosting.createProtectedUser, { name: 'jan' }),
    );
    expect(
      await screen.findByText('Deze gebruiker kan inloggen op blog.a.nl/beheer.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Gebruikersnaam/ }), 'jan');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Beheer-pass-24!');
    await user.type(
      screen.getByLabelText(/^Herhaal wachtwoord/, { selector: 'input' }),
      'Beheer-pass-24!',
    );
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/protected-directory/4'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'jan',
      password: 'Beheer-pass-24!',
    });
  });

  it("deletes a user from the directory's list after confirming", async () => {
    const { calls, user } = open('/webhosting/a.nl/protected-directory/4', (fake) =>
      fake
        .on(webhosting.getProtectedDirectory, detail(['jan']))
        .on(webhosting.deleteProtectedUser, { deleted: true }),
    );
    await user.click(await screen.findByRole('button', { name: 'Gebruiker jan verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it("changes a user's password, with the catalogue's text for a refused one", async () => {
    const { calls, user } = open('/webhosting/a.nl/protected-directory/4/user/jan', (fake) =>
      fake
        .on(webhosting.getProtectedDirectory, detail(['jan']))
        .on(webhosting.updateProtectedUser, fail(500, 'general_error')),
    );
    await user.type(
      await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
      'Beheer-pass-25!',
    );
    await user.type(
      screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
      'Beheer-pass-25!',
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText(/Er ging iets mis. Er is niets gewijzigd/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'Beheer-pass-25!' });
  });
});
