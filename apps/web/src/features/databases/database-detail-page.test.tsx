import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import { Overlays } from '../../components/overlays.tsx';
import * as databases from '@haven/contract/databases';
import { fail, fakeApi, type FakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { DatabaseDetailPage } from './database-detail-page.tsx';
import { startDownload } from '../../lib/start-download.ts';
import { DETAIL, loadTexts } from './test-data.ts';

vi.mock('../../lib/start-download.ts', () => ({ startDownload: vi.fn() }));

// Whole forms are filled in; on a busy machine that takes a few seconds.
vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);
afterEach(() => vi.mocked(startDownload).mockReset());

const BASE = '/api/a.nl/webhosting/database/anl1_shop';

function open(
  url = '/webhosting/a.nl/database/anl1_shop',
  answer: (fake: FakeApi) => unknown = () => {},
) {
  const fake = fakeApi().on(databases.getDatabase, DETAIL);
  answer(fake);
  const { calls } = fake;
  const app = renderPage(
    <Overlays>
      <DatabaseDetailPage />
    </Overlays>,
    { path: ROUTES.databasedetail, url, extraRoutes: [landing(ROUTES.database)] },
  );
  return { ...app, calls };
}

describe('DatabaseDetailPage', () => {
  it('shows size, date and the users, each linking to its detail', async () => {
    open();
    const users = await screen.findByRole('list', { name: 'Databasegebruikers' });
    expect(within(users).getByRole('link', { name: 'anl1_shopuser' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/database/anl1_shop/user/anl1_shopuser',
    );
    expect(within(users).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2,5 MB')).toBeInTheDocument();
    expect(screen.getByText('1 maart 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gebruiker toevoegen' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/database/anl1_shop/user',
    );
  });

  it('shows where to connect: host and port from the server, the name, with copy buttons', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Verbinding maken' });
    expect(within(section).getByText('db.a.nl')).toBeInTheDocument();
    expect(within(section).getByText('3306')).toBeInTheDocument();
    expect(within(section).getByText('anl1_shop')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'host kopiëren' })).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'databasenaam kopiëren' }),
    ).toBeInTheDocument();
  });

  it('says the first user was not made when it arrives with error_passed', async () => {
    open('/webhosting/a.nl/database/anl1_shop/passed_user_exists');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Database aangemaakt, gebruiker niet',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('deze gebruikersnaam bestaat al');
  });

  it('ignores an error_passed that is not a passed_ code', async () => {
    open('/webhosting/a.nl/database/anl1_shop/<script>');
    await screen.findByRole('list', { name: 'Databasegebruikers' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes only after confirmation, then returns to the list', async () => {
    const { calls, router } = open(undefined, (fake) =>
      fake.on(databases.deleteDatabase, { deleted: true }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Database verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Database anl1_shop en al haar gebruikers worden definitief verwijderd.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Database verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhosting/a.nl/database'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([BASE]);
  });

  it('downloads through a single-use ticket', async () => {
    open(undefined, (fake) =>
      fake.on(databases.createDownloadTicket, {
        ticket: 'T'.repeat(43),
        expires_at: '2025-03-01T10:01:00Z',
      }),
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Database downloaden' }));
    await waitFor(() =>
      expect(startDownload).toHaveBeenCalledWith(`${BASE}/download?ticket=${'T'.repeat(43)}`),
    );
  });

  it('tells when the download cannot start because the server is away', async () => {
    open(undefined, (fake) => fake.on(databases.createDownloadTicket, fail(503, 'unavailable')));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Database downloaden' }));
    expect(
      await screen.findByText(
        'De databaseserver is tijdelijk niet bereikbaar. Probeer het later opnieuw.',
      ),
    ).toBeInTheDocument();
    expect(startDownload).not.toHaveBeenCalled();
  });

  it("shows another customer's (or a missing) database as not found", async () => {
    fakeApi();
    renderPage(
      <Overlays>
        <DatabaseDetailPage />
      </Overlays>,
      { path: ROUTES.databasedetail, url: '/webhosting/a.nl/database/other_db' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Database verwijderen' })).not.toBeInTheDocument();
  });
});
