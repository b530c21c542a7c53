import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import * as databases from '@haven/contract/databases';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { DatabaseAddPage } from './database-add-page.tsx';
import { GOOD_PASSWORD, LIST, loadTexts } from './test-data.ts';

// Whole forms are filled in; on a busy machine that takes a few seconds.
vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);

async function fillAndSend(
  create: FakeReply<typeof databases.createDatabase>,
  { name = 'Shop', username = 'Shop_User', password = GOOD_PASSWORD } = {},
) {
  const { calls } = fakeApi()
    .on(databases.listDatabases, LIST)
    .on(databases.createDatabase, create);
  const app = renderPage(<DatabaseAddPage />, {
    path: ROUTES.databaseadd,
    url: '/webhosting/a.nl/database/add',
    extraRoutes: [landing(ROUTES.databasedetail)],
  });
  const user = userEvent.setup({ delay: null });
  const nameInput = await screen.findByRole('textbox', { name: /^Databasenaam/ });
  await user.type(nameInput, name);
  await user.type(screen.getByRole('textbox', { name: /^Gebruikersnaam/ }), username);
  await user.click(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByLabelText(/^Herhaal wachtwoord/, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Database aanmaken' }));
  return { ...app, calls };
}

const created = {
  database: { ...LIST.databases[0]!, name: 'anl1_shop' },
  user: { name: 'anl1_shop_user', created_at: '2025-03-01T10:00:00Z' },
};

describe('DatabaseAddPage', () => {
  it('shows the prefix, sends lower-cased names with the first user and opens the detail', async () => {
    const { router, calls } = await fillAndSend(created);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/database/anl1_shop'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'shop',
      username: 'shop_user',
      password: GOOD_PASSWORD,
    });
  });

  it('spells out the full name under the field', async () => {
    fakeApi().on(databases.listDatabases, LIST);
    renderPage(<DatabaseAddPage />, {
      path: ROUTES.databaseadd,
      url: '/webhosting/a.nl/database/add',
    });
    await userEvent
      .setup()
      .type(await screen.findByRole('textbox', { name: /^Databasenaam/ }), 'WinKel');
    expect(await screen.findByText('Volledige naam: anl1_winkel')).toBeInTheDocument();
  });

  it('continues to the detail with error_passed when only the user failed', async () => {
    const { router } = await fillAndSend(fail(422, 'passed_invalid_password'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/webhosting/a.nl/database/anl1_shop/passed_invalid_password',
      ),
    );
  });

  it('puts database_exists on the name field and stays', async () => {
    const { router } = await fillAndSend(fail(409, 'database_exists'));
    expect(
      await screen.findByText('Er bestaat al een database met deze naam.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/webhosting/a.nl/database/add');
  });

  it('shows max_databases above the form', async () => {
    await fillAndSend(fail(409, 'max_databases'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je hebt het maximale aantal databases van je pakket bereikt.',
    );
  });

  it('says how many databases are used before anything is typed, and stops at the limit', async () => {
    const full = Array.from({ length: 5 }, (_, i) => ({
      ...LIST.databases[0]!,
      name: `anl1_db${i}`,
    }));
    fakeApi().on(databases.listDatabases, LIST);
    const first = renderPage(<DatabaseAddPage />, {
      path: ROUTES.databaseadd,
      url: '/webhosting/a.nl/database/add',
    });
    expect(await screen.findByText('2 van 5 gebruikt')).toBeInTheDocument();
    expect(screen.getByText('Je kunt nog 3 databases toevoegen.')).toBeInTheDocument();
    first.unmount();
    fakeApi().on(databases.listDatabases, { ...LIST, databases: full });
    renderPage(<DatabaseAddPage />, {
      path: ROUTES.databaseadd,
      url: '/webhosting/a.nl/database/add',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /5 van 5 gebruikt.*Je pakket heeft ruimte voor 5 databases/,
    );
    expect(screen.getByRole('button', { name: 'Database aanmaken' })).toBeDisabled();
  });

  it('refuses quotes, backticks and wildcards before sending', async () => {
    const { calls } = await fillAndSend(created, { name: 'a`b', username: "o'reilly%" });
    expect(
      await screen.findByText(
        'Databasenaam bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Gebruikersnaam bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a password without a digit before sending', async () => {
    const { calls } = await fillAndSend(created, { password: 'fiets-bel-twee!' });
    expect(
      await screen.findByText('Het wachtwoord voldoet niet aan de eisen.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
