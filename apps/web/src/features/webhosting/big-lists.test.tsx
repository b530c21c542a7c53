import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as webhosting from '@haven/contract/webhosting';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import { fakeShell } from './test-fixtures.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

const n = (i: number) => String(i).padStart(4, '0');
const USERS = Array.from({ length: 3000 }, (_, i) => ({
  id: i + 1,
  name: `web${n(i)}`,
  home: '',
  subdomains: [],
}));
const USERS_OF_DIR = Array.from({ length: 2000 }, (_, i) => ({ name: `lid${n(i)}` }));

function open(url: string) {
  authStore.setToken('token');
  fakeShell()
    .on(webhosting.listWebUsers, { webusers: USERS })
    .on(webhosting.getProtectedDirectory, {
      directory: { id: 4, subdomain: 'www', name: 'leden', description: '', users: 2000 },
      users: USERS_OF_DIR,
    });
  const app = renderApp(url);
  stop = app.stop;
  return userEvent.setup();
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('webhosting lists of thousands', { timeout: 60_000 }, () => {
  it('shows 3,000 web users 50 at a time, searchable by name', async () => {
    const user = open('/webhosting/a.nl/web-user');
    expect(await screen.findByRole('link', { name: 'web0000' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('1–50 van 3000')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: "Pagina's van Webgebruikers" });
    await user.click(within(pages).getByRole('button', { name: '60' }));
    expect(screen.getByRole('link', { name: 'web2999' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/web-user/web2999',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken op naam' }), 'web12');
    // web1200 to web1299, from the first page.
    expect(await screen.findByText('100 van 3000')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('web1200');
    expect(screen.getByText('1–50 van 100')).toBeInTheDocument();
  });

  it('pages the 2,000 users of a protected directory', async () => {
    const user = open('/webhosting/a.nl/protected-directory/4');
    expect(await screen.findByRole('link', { name: 'lid0000' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken op naam' }), 'lid1999');
    expect(await screen.findByText('1 van 2000')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /lid1999/ })).toBeInTheDocument();
  });
});
