import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import * as fm from '@haven/contract/filemanager';
import type { ApiResponse } from '../../lib/api.ts';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { FilemanagerPage } from './filemanager-page.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager', 'webhosting']));

const base = '/api/a.nl/webhosting/filemanager';
const LIST: ApiResponse<typeof fm.list> = {
  path: '/httpdocs',
  max_size: 512_000_000,
  data: [
    {
      name: 'b.php',
      path: '/httpdocs/b.php',
      type: 'file',
      size: 1500,
      changed: 1_700_000_000,
      permissions: '0644',
    },
    {
      name: 'a.txt',
      path: '/httpdocs/a.txt',
      type: 'file',
      size: 20,
      changed: 1_700_000_000,
      permissions: '0600',
    },
    {
      name: 'img',
      path: '/httpdocs/img',
      type: 'directory',
      size: null,
      changed: 1_700_000_000,
      permissions: '0755',
    },
    {
      name: 'out',
      path: '/httpdocs/out',
      type: 'link',
      size: 4,
      changed: 1_700_000_000,
      permissions: '0777',
      link: { target: 'outside' },
    },
  ],
};

const open = () =>
  renderPage(<FilemanagerPage />, {
    path: ROUTES.filemanager,
    url: '/webhosting/a.nl/filemanager/httpdocs',
  });
const names = () =>
  within(screen.getByRole('table', { name: 'Bestanden en mappen' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-entry'));

describe('FilemanagerPage', () => {
  it('lists a folder with breadcrumbs from home, folders first, and toggles the sort', async () => {
    const { calls } = fakeApi().on(fm.list, LIST);
    open();
    await screen.findByRole('table', { name: 'Bestanden en mappen' });
    expect(calls[0]?.path).toBe(`${base}/list?path=%2Fhttpdocs`);
    const crumbs = screen.getByRole('navigation', { name: 'Huidige map' });
    expect(within(crumbs).getByRole('link', { name: 'home' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/filemanager',
    );
    expect(screen.getByRole('link', { name: 'Bovenliggende map' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/filemanager',
    );
    expect(names()).toEqual(['img', 'a.txt', 'b.php', 'out']);
    expect(screen.getByRole('link', { name: 'img' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/filemanager/httpdocs/img',
    );
    expect(screen.getByRole('link', { name: 'b.php' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/filemanager/edit/httpdocs/b.php',
    );
    expect(
      screen.getByText('Snelkoppeling buiten je webruimte (niet te openen)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Uploaden \(max\. 512,0 MB\)/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Naam' }));
    expect(names()).toEqual(['img', 'out', 'b.php', 'a.txt']);
    await userEvent.click(screen.getByRole('button', { name: 'Grootte' }));
    expect(names()).toEqual(['img', 'out', 'a.txt', 'b.php']);
  });

  it('selects all and offers the bulk actions', async () => {
    fakeApi().on(fm.list, LIST);
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Alles selecteren' }));
    const bulk = screen.getByRole('region', { name: 'Geselecteerde items' });
    expect(within(bulk).getByText('4 items geselecteerd')).toBeInTheDocument();
    expect(
      within(bulk)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dupliceren', 'Verplaatsen', 'Zippen', 'Verwijderen', 'Selectie opheffen']);
  });

  it('lists a folder of 100,000 files with only the rows in view rendered, and selects them all', async () => {
    const data = Array.from({ length: 100_000 }, (_, i) => ({
      name: `f${String(i).padStart(6, '0')}.jpg`,
      path: `/httpdocs/f${String(i).padStart(6, '0')}.jpg`,
      type: 'file' as const,
      size: 0,
      changed: 1_700_000_000,
      permissions: '0644',
    }));
    fakeApi().on(fm.list, { ...LIST, data });
    open();
    const table = await screen.findByRole('table', { name: 'Bestanden en mappen' });
    expect(table).toHaveAttribute('aria-rowcount', '100001');
    expect(names().length).toBeLessThan(60);
    expect(names()[0]).toBe('f000000.jpg');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alles selecteren' }));
    expect(
      within(screen.getByRole('region', { name: 'Geselecteerde items' })).getByText(
        '100000 items geselecteerd',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'f000001.jpg selecteren' })).toBeChecked();
    // Names sort descending across the whole folder, not only the rendered rows.
    await userEvent.click(screen.getByRole('button', { name: 'Naam' }));
    expect(names()[0]).toBe('f099999.jpg');
  });

  it('creates a folder, refusing a non-ASCII name before asking the server', async () => {
    const { calls } = fakeApi()
      .on(fm.list, LIST)
      .on(fm.createFolder, ({ body }) => ({ path: `/httpdocs/${body.name}` }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Nieuwe map' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Naam'), 'café');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(
      await within(dialog).findByText(
        'Gebruik alleen gewone letters, cijfers en leestekens (geen accenten).',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Naam'));
    await userEvent.type(within(dialog).getByLabelText('Naam'), 'cafe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      path: '/httpdocs',
      name: 'cafe',
    });
  });

  it('shows the server’s error text in the dialog, and speaks English', async () => {
    await i18n.changeLanguage('en');
    fakeApi().on(fm.list, LIST).on(fm.createFile, fail(409, 'exists'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'New file' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'a.txt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('An item with that name already exists.'),
    ).toBeInTheDocument();
    await i18n.changeLanguage('nl');
  });

  it('shows the disk use the server enforces, and says how much is used of how much when full', async () => {
    fakeApi()
      .on(fm.list, LIST)
      .on(fm.usage, { used: 950_000_000, limit: 1_000_000_000 })
      .on(fm.duplicate, fail(413, 'quota_exceeded', { used: '950000000', limit: '1000000000' }));
    open();
    expect(
      await screen.findByText(
        '950,0 MB van 1,0 GB in gebruik (bestanden, prullenbak, databases en e-mail)',
      ),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Alles selecteren' }));
    const bulk = screen.getByRole('region', { name: 'Geselecteerde items' });
    await userEvent.click(within(bulk).getByRole('button', { name: 'Dupliceren' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dupliceren' }));
    expect(
      await within(dialog).findByText(
        'Niet genoeg schijfruimte: je pakket heeft 1,0 GB en er is 950,0 MB in gebruik (bestanden, prullenbak, databases en e-mail tellen mee). Verwijder eerst bestanden of leeg de prullenbak.',
      ),
    ).toBeInTheDocument();
  });
});
