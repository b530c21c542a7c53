import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@haven/contract';
import { i18n } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { EntryTable } from './entry-table.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager']));

const entries: FileEntry[] = Array.from({ length: 5 }, (_, i) => ({
  name: `f${i}.txt`, path: `/f${i}.txt`, type: 'file', size: i, changed: 1_700_000_000, permissions: '0644',
}));

describe('EntryTable', () => {
  it('renders a huge folder in pages of rows', async () => {
    renderPage(
      <EntryTable domain="a.nl" entries={entries} sort={{ key: 'name', dir: 'asc' }} onSort={() => {}} selected={new Set()} onSelect={() => {}} sizes={{}} onAction={() => {}} pageRows={3} />,
    );
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Meer tonen (nog 2)' }));
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /Meer tonen/ })).not.toBeInTheDocument();
  });
});
