import { useCallback, useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { PagedList } from './paged-list.tsx';
import { PAGE_SIZE } from './use-paged-rows.ts';

interface Row {
  id: number;
  name: string;
}

const many = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `user${String(i).padStart(4, '0')}` }));

const nameOf = (r: Row) => r.name;
let renders = 0;

function Names({ rows }: { rows: Row[] }) {
  const page = useCallback((shown: readonly Row[]) => {
    renders += shown.length;
    return (
      <ul aria-label="Namen">
        {shown.map((r) => (
          <li key={r.id}>{r.name}</li>
        ))}
      </ul>
    );
  }, []);
  return (
    <PagedList rows={rows} searchText={nameOf} label="gebruikers">
      {page}
    </PagedList>
  );
}

const items = () => within(screen.getByRole('list', { name: 'Namen' })).getAllByRole('listitem');

describe('PagedList', { timeout: 30_000 }, () => {
  it('shows 5,000 rows a page at a time, with the range and the page buttons', async () => {
    renderPage(<Names rows={many(5000)} />);
    await screen.findByText('user0000');
    expect(items()).toHaveLength(PAGE_SIZE);
    expect(screen.getByText('1–50 van 5000')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: "Pagina's van gebruikers" });
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: '100' }));
    expect(items().map((li) => li.textContent)).toContain('user4999');
    expect(screen.getByText('4951–5000 van 5000')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Vorige pagina' }));
    expect(items()[0]).toHaveTextContent('user4900');
  });

  it('searches the names, counts the matches and starts a new search at page 1', async () => {
    renderPage(<Names rows={many(5000)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '2' }));
    const search = screen.getByRole('searchbox', { name: 'Zoeken op naam' });
    await user.type(search, 'USER1');
    // user1000 to user1999: 20 pages, back on the first.
    expect(await screen.findByText('1000 van 5000')).toBeInTheDocument();
    expect(items()[0]).toHaveTextContent('user1000');
    expect(screen.getByText('1–50 van 1000')).toBeInTheDocument();
    await user.type(search, '23');
    expect(await screen.findByText('10 van 5000')).toBeInTheDocument();
    expect(items()).toHaveLength(10);
    expect(screen.queryByRole('navigation')).toBeNull();
    await user.type(search, 'x');
    expect(await screen.findByRole('status')).toHaveTextContent('Niets gevonden met “USER123x”.');
    expect(screen.queryByRole('list', { name: 'Namen' })).toBeNull();
  });

  it('renders no row again when the screen renders again with the same rows', async () => {
    const rows = many(3000);
    function Screen() {
      const [n, setN] = useState(0);
      return (
        <>
          <button onClick={() => setN(n + 1)}>opnieuw {n}</button>
          <Names rows={rows} />
        </>
      );
    }
    renderPage(<Screen />);
    await screen.findByText('user0000');
    renders = 0;
    await userEvent.setup().click(screen.getByRole('button', { name: 'opnieuw 0' }));
    expect(await screen.findByRole('button', { name: 'opnieuw 1' })).toBeInTheDocument();
    expect(renders).toBe(0);
  });

  it('has neither search nor pages for a short list, and speaks English', async () => {
    renderPage(<Names rows={many(9)} />);
    await screen.findByText('user0008');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    await i18n.changeLanguage('en');
    renderPage(<Names rows={many(120)} />);
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    await i18n.changeLanguage('nl');
  });
});
