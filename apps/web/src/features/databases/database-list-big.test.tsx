import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as databases from '@haven/contract/databases';
import { ROUTES } from '../../lib/paths.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { DatabaseDetailPage } from './database-detail-page.tsx';
import { DatabaseListPage } from './database-list-page.tsx';
import { DETAIL, LIST, loadTexts } from './test-data.ts';

beforeAll(loadTexts);

const n = (i: number) => String(i).padStart(4, '0');
const created_at = '2025-03-01T10:00:00Z';

describe('databases lists of thousands', { timeout: 60_000 }, () => {
  it('shows 3,000 databases 50 at a time, searchable by name', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      name: `anl1_db${n(i)}`,
      size: 1000,
      users: 1,
      created_at,
    }));
    fakeApi().on(databases.listDatabases, { ...LIST, databases: many });
    renderPage(<DatabaseListPage />, { path: ROUTES.database, url: '/webhosting/a.nl/database' });
    const list = await screen.findByRole('list', { name: 'Databases' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('1–50 van 3000')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken op naam' }), 'db2999');
    expect(await screen.findByText('1 van 3000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'anl1_db2999' })).toBeInTheDocument();
  });

  it('pages the 2,000 users of one database', async () => {
    const users = Array.from({ length: 2000 }, (_, i) => ({ name: `anl1_u${n(i)}`, created_at }));
    fakeApi().on(databases.getDatabase, { ...DETAIL, users });
    renderPage(<DatabaseDetailPage />, {
      path: ROUTES.databasedetail,
      url: '/webhosting/a.nl/database/anl1_shop',
    });
    const list = await screen.findByRole('list', { name: 'Databasegebruikers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('1–50 van 2000')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation')).getByRole('button', { name: '40' }));
    expect(screen.getByRole('link', { name: 'anl1_u1999' })).toBeInTheDocument();
  });
});
