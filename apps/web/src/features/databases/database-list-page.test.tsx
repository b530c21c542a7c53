import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import * as databases from '@haven/contract/databases';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { DatabaseListPage } from './database-list-page.tsx';
import { LIST, loadTexts } from './test-data.ts';

beforeAll(loadTexts);

const open = () =>
  renderPage(<DatabaseListPage />, { path: ROUTES.database, url: '/webhosting/a.nl/database' });

describe('DatabaseListPage', () => {
  it('lists the databases with size and user count, and the prefix', async () => {
    fakeApi().on(databases.listDatabases, LIST);
    open();
    const list = await screen.findByRole('list', { name: 'Databases' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'anl1_shop2,5 MB · 2 gebruikers',
      'anl1_blog16,4 kB · 1 gebruiker',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'anl1_shop' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/database/anl1_shop',
    );
    expect(
      screen.getByText('Namen van je databases en databasegebruikers beginnen met anl1_.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Database toevoegen' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/database/add',
    );
    expect(screen.queryByText('Databaseserver niet bereikbaar')).not.toBeInTheDocument();
  });

  it('says when there are none, and when the server cannot be reached', async () => {
    fakeApi().on(databases.listDatabases, {
      ...LIST,
      prefix: null,
      available: false,
      databases: [],
    });
    open();
    expect(await screen.findByText('Je hebt nog geen databases.')).toBeInTheDocument();
    expect(screen.getByText('Databaseserver niet bereikbaar')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    fakeApi().on(databases.listDatabases, LIST);
    open();
    expect(await screen.findByText('16.4 kB · 1 user')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add database' })).toBeInTheDocument();
  });

  it('says how many of the plan are used beside the add button, and disables it at the limit', async () => {
    fakeApi().on(databases.listDatabases, LIST);
    const first = open();
    expect(await screen.findByText('2 van 5 gebruikt')).toBeInTheDocument();
    first.unmount();
    const full = Array.from({ length: 5 }, (_, i) => ({
      ...LIST.databases[0]!,
      name: `anl1_db${i}`,
    }));
    fakeApi().on(databases.listDatabases, { ...LIST, databases: full });
    open();
    expect(
      await screen.findByText('5 van 5 gebruikt: het maximum van je pakket'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Database toevoegen' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Database toevoegen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('5 van 5 gebruikt: het maximum van je pakket');
  });
});
