import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileEntry } from '@haven/contract/filemanager';
import { i18n } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { EntryTable, OVERSCAN, ROW_ESTIMATE } from './entry-table.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager']));

const many = (count: number): FileEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `f${String(i).padStart(6, '0')}.txt`,
    path: `/many/f${String(i).padStart(6, '0')}.txt`,
    type: 'file',
    size: i,
    changed: 1_700_000_000,
    permissions: '0644',
  }));

const VIEWPORT = 400;
const IN_VIEW = Math.ceil(VIEWPORT / ROW_ESTIMATE);

function show(
  entries: FileEntry[],
  selected: ReadonlySet<string> = new Set(),
  onSelect = vi.fn(),
  onAction = vi.fn(),
) {
  renderPage(
    <EntryTable
      domain="a.nl"
      entries={entries}
      sort={{ key: 'name', dir: 'asc' }}
      onSort={() => {}}
      selected={selected}
      onSelect={onSelect}
      sizes={{}}
      onAction={onAction}
      viewportHeight={VIEWPORT}
    />,
  );
  return onSelect;
}

const table = () => screen.getByRole('table', { name: 'Bestanden en mappen' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('EntryTable', () => {
  it('renders only the rows in view of a folder of 100,000 entries, and says how many there are', async () => {
    show(many(100_000));
    await screen.findByRole('table');
    expect(table()).toHaveAttribute('aria-rowcount', '100001');
    const rows = bodyRows();
    expect(rows).toHaveLength(IN_VIEW + OVERSCAN);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(rows[0]).toHaveAttribute('data-entry', 'f000000.txt');
    // The spacer keeps the scrollbar true: the rows left out are one tall, hidden row.
    const spacer = table().querySelector('tbody > tr[aria-hidden]:last-child');
    expect(spacer).toHaveStyle({ height: `${(100_000 - IN_VIEW - OVERSCAN) * ROW_ESTIMATE}px` });
  });

  it('follows the scroll position', async () => {
    show(many(100_000));
    const body = (await screen.findByRole('table')).querySelector('tbody')!;
    // jsdom has no layout: the tbody's position is what scrolling changes in a browser.
    vi.spyOn(body, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -50_000 * ROW_ESTIMATE, width: 800, height: 0 }),
    );
    act(() => void fireEvent.scroll(window));
    const rows = bodyRows();
    expect(rows[0]).toHaveAttribute(
      'data-entry',
      `f${String(50_000 - OVERSCAN).padStart(6, '0')}.txt`,
    );
    expect(rows[0]).toHaveAttribute('aria-rowindex', String(50_000 - OVERSCAN + 2));
    expect(rows).toHaveLength(OVERSCAN + IN_VIEW + OVERSCAN);
    expect(screen.getByRole('link', { name: 'f050000.txt' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/filemanager/edit/many/f050000.txt',
    );
  });

  it('selects every entry, not only the rendered ones', async () => {
    const entries = many(1000);
    const onSelect = show(entries);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Alles selecteren' }));
    const picked = onSelect.mock.calls[0]?.[0] as ReadonlySet<string>;
    expect(picked.size).toBe(1000);
    expect(picked.has('/many/f000999.txt')).toBe(true);
  });

  it('shows select-all as checked or mixed from the whole selection', async () => {
    const entries = many(1000);
    show(entries, new Set(entries.map((e) => e.path)));
    expect(await screen.findByRole('checkbox', { name: 'Alles selecteren' })).toBeChecked();
  });

  it('reaches the checkboxes, links, menus and sort headers by keyboard', async () => {
    show(many(3));
    await screen.findByRole('table');
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Alles selecteren' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Naam' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'f000000.txt selecteren' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'f000000.txt' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Acties voor f000000.txt' })).toHaveFocus();
  });

  it('opens a row’s menu by keyboard, with focus in the menu, and runs an action', async () => {
    const onAction = vi.fn();
    const entries = many(3);
    show(entries, new Set(), vi.fn(), onAction);
    const button = await screen.findByRole('button', { name: 'Acties voor f000001.txt' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Bewerken',
      'Downloaden',
      'Naam wijzigen',
      'Dupliceren',
      'Verplaatsen',
      'Rechten',
      'Verwijderen',
    ]);
    // Focus moves to the first item (the menu holds items only: no focus placeholder); arrow
    // keys walk the items.
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('download', entries[1]);
  });
});
