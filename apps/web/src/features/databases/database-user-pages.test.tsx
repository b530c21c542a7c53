import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import { Overlays } from '../../components/overlays.tsx';
import { i18n } from '../../lib/i18n.ts';
import * as databases from '@haven/contract/databases';
import { fail, fakeApi, type FakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { DatabaseUserAddPage } from './database-user-add-page.tsx';
import { DatabaseUserDetailPage } from './database-user-detail-page.tsx';
import { DETAIL, GOOD_PASSWORD, LIST, loadTexts } from './test-data.ts';

// Whole forms are filled in; on a busy machine that takes a few seconds.
vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);

const BASE = '/api/a.nl/webhosting/database/anl1_shop/user';

async function addUser(answer: FakeReply<typeof databases.createDatabaseUser>, name = 'Tweede') {
  const { calls } = fakeApi()
    .on(databases.listDatabases, LIST)
    .on(databases.getDatabase, DETAIL)
    .on(databases.createDatabaseUser, answer);
  const app = renderPage(
    <Overlays>
      <DatabaseUserAddPage />
    </Overlays>,
    {
      path: ROUTES.databaseuseradd,
      url: '/webhosting/a.nl/database/anl1_shop/user',
      extraRoutes: [landing(ROUTES.databasedetail)],
    },
  );
  const user = userEvent.setup({ delay: null });
  await user.type(
    await screen.findByRole('textbox', { name: /^(Gebruikersnaam|User name)/ }),
    name,
  );
  await user.click(
    screen.getByRole('button', { name: /^(Wachtwoord genereren|Generate password)/ }),
  );
  await user.click(screen.getByRole('button', { name: /^(Gebruiker aanmaken|Create user)/ }));
  return { ...app, calls };
}

function openUser(
  answer: (fake: FakeApi) => unknown = (fake) => fake.on(databases.getDatabase, DETAIL),
  url = '/webhosting/a.nl/database/anl1_shop/user/anl1_second',
) {
  const fake = fakeApi();
  answer(fake);
  const { calls } = fake;
  const changes = () => calls.filter((c) => c.method !== 'GET');
  const app = renderPage(
    <Overlays>
      <DatabaseUserDetailPage />
    </Overlays>,
    {
      path: ROUTES.databaseuserdetail,
      url,
      extraRoutes: [landing(ROUTES.databasedetail)],
    },
  );
  return { ...app, calls, changes };
}

describe('DatabaseUserAddPage', () => {
  it('adds a lower-cased user with a generated password and returns to the database', async () => {
    const { calls, router } = await addUser({
      name: 'anl1_tweede',
      created_at: '2025-03-05T10:00:00Z',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/database/anl1_shop'),
    );
    const body = calls.find((c) => c.method === 'POST')?.body as { name: string; password: string };
    expect(body.name).toBe('tweede');
    expect(body.password).toHaveLength(12);
  });

  it('puts user_exists on the name field', async () => {
    await addUser(fail(409, 'user_exists'));
    expect(await screen.findByText('Deze gebruikersnaam bestaat al.')).toBeInTheDocument();
  });

  it('speaks English, with the prefix in front', async () => {
    await i18n.changeLanguage('en');
    await addUser(fail(503, 'unavailable'));
    expect(await screen.findByText('Full name: anl1_tweede')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The database server is temporarily unreachable.',
    );
  });
});

describe('DatabaseUserDetailPage', () => {
  it('changes the password', async () => {
    const { calls } = openUser((fake) =>
      fake
        .on(databases.getDatabase, DETAIL)
        .on(databases.changeDatabaseUserPassword, { updated: true }),
    );
    const user = userEvent.setup({ delay: null });
    await user.type(
      await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
      GOOD_PASSWORD,
    );
    await user.type(
      screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
      GOOD_PASSWORD,
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Het wachtwoord is gewijzigd.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: GOOD_PASSWORD });
  });

  it('refuses a password containing the user name', async () => {
    const { changes } = openUser();
    const user = userEvent.setup({ delay: null });
    await user.type(
      await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
      'second-2025!x',
    );
    await user.type(
      screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
      'second-2025!x',
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(
      await screen.findByText('Het wachtwoord voldoet niet aan de eisen.'),
    ).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
  });

  it('deletes after confirmation and returns to the database', async () => {
    const { changes, router } = openUser((fake) =>
      fake.on(databases.getDatabase, DETAIL).on(databases.deleteDatabaseUser, { deleted: true }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Gebruiker verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Databasegebruiker anl1_second wordt definitief verwijderd.');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/database/anl1_shop'),
    );
    expect(changes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${BASE}/anl1_second`]);
  });
});

// A route of something that does not exist shows the not-found page, never a form for it.
describe('database user routes of something that does not exist', () => {
  const notFound = () => screen.findByRole('heading', { name: 'Pagina niet gevonden' });

  it('shows no add form for a database that does not exist', async () => {
    fakeApi().on(databases.listDatabases, LIST).on(databases.getDatabase, fail(404, 'not_found'));
    renderPage(<DatabaseUserAddPage />, {
      path: ROUTES.databaseuseradd,
      url: '/webhosting/a.nl/database/anl1_missing/user',
    });
    expect(await notFound()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows no password form for a user of a database that does not exist', async () => {
    openUser(
      (fake) => fake.on(databases.getDatabase, fail(404, 'not_found')),
      '/webhosting/a.nl/database/anl1_missing/user/anl1_second',
    );
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nieuw wachtwoord/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gebruiker verwijderen' })).not.toBeInTheDocument();
  });

  it('shows no password form for a user the database does not have', async () => {
    openUser(undefined, '/webhosting/a.nl/database/anl1_shop/user/anl1_nobody');
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nieuw wachtwoord/)).not.toBeInTheDocument();
  });
});
