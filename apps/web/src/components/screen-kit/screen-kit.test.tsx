import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { Overlays } from '../overlays.tsx';
import { CardList, ListCard } from './card-list.tsx';
import { DeleteButton } from './delete-button.tsx';
import { DetailScreen } from './detail-screen.tsx';
import { ListScreen } from './list-screen.tsx';

const answered = <T,>(data: T) => ({
  isPending: false,
  isError: false,
  error: null,
  data,
  refetch: () => undefined,
});
const names = (count: number) => Array.from({ length: count }, (_, i) => `site${i}.nl`);

function list(rows: string[]) {
  return renderPage(
    <ListScreen
      title="Sites"
      query={answered(rows)}
      rows={rows}
      search={(name) => name}
      empty="Nog geen sites."
    >
      {(page) => (
        <CardList label="Sites">
          {page.map((name) => (
            <ListCard key={name} name={name} to={`/site/${name}`}>
              {`over ${name}`}
            </ListCard>
          ))}
        </CardList>
      )}
    </ListScreen>,
  );
}

describe('ListScreen', () => {
  it('says so when there is nothing yet, with no list and no search', async () => {
    list([]);
    expect(await screen.findByText('Nog geen sites.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows a long list as linked cards 50 at a time, with a search on the name', async () => {
    list(names(120));
    const cards = within(await screen.findByRole('list', { name: 'Sites' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(50);
    expect(cards.getByRole('link', { name: 'site0.nl' })).toHaveAttribute('href', '/site/site0.nl');
    expect(cards.getByText('over site0.nl')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });
});

describe('DetailScreen', () => {
  it('shows the not-found page, not the heading, for a thing that is not there', async () => {
    const gone = {
      isPending: false,
      isError: true,
      error: new ApiError(404, 'not_found'),
      data: undefined,
      refetch: () => undefined,
    };
    renderPage(
      <DetailScreen query={gone} title="site.nl">
        {() => <p>inhoud</p>}
      </DetailScreen>,
    );
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'site.nl' })).toBeNull();
  });

  it('deletes after a confirmation naming the thing, then goes back to the list', async () => {
    const mutate = vi.fn((_: string, options: { onSuccess: () => void }) => options.onSuccess());
    renderPage(
      <Overlays>
        <DetailScreen
          query={answered({ name: 'site.nl' })}
          title="site.nl"
          back={{ to: '/sites', label: 'Terug' }}
          actions={
            <DeleteButton
              label="Verwijderen"
              confirm={{ name: 'site.nl', message: 'Alles gaat weg.' }}
              mutation={{ mutate, isPending: false }}
              variables="site.nl"
              done={{ text: 'Verwijderd', to: '/sites' }}
            />
          }
        >
          {(data) => <p>over {data.name}</p>}
        </DetailScreen>
      </Overlays>,
      { path: '/site', extraRoutes: [landing('/sites')] },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('over site.nl')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('site.nl');
    expect(mutate).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /verwijderen/i }));
    expect(mutate).toHaveBeenCalledWith('site.nl', expect.anything());
    expect(await screen.findByTestId('landed')).toHaveTextContent('/sites');
  });
});
