import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ssl from '@haven/contract/ssl';
import { i18n } from '../../lib/i18n.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { SslPage } from './ssl-page.tsx';

beforeAll(() => i18n.loadNamespaces(['ssl']));

const NONE: ssl.SslCertificate = {
  status: 'inactive',
  type: null,
  alg: null,
  issuer: null,
  url: null,
  expiresAt: null,
  names: [],
  hostnames: ['www.a.nl', 'a.nl'],
  coverage: [
    { name: 'www.a.nl', state: 'none', failure: null },
    { name: 'a.nl', state: 'none', failure: null },
  ],
  requestedAt: null,
  failure: null,
};

const ACTIVE: ssl.SslCertificate = {
  ...NONE,
  status: 'active',
  type: 'DV',
  alg: 'ECDSA P-256',
  issuer: 'Haven local CA 1a2b3c',
  url: 'https://www.a.nl/',
  expiresAt: Date.UTC(2027, 1, 24, 12),
  names: ['www.a.nl', 'a.nl'],
  coverage: [
    { name: 'www.a.nl', state: 'covered', failure: null },
    { name: 'a.nl', state: 'covered', failure: null },
  ],
  requestedAt: Date.UTC(2026, 10, 26, 12),
};

/** A subdomain added after issuance: its name is being added, another one failed. */
const PARTLY: ssl.SslCertificate = {
  ...ACTIVE,
  hostnames: ['www.a.nl', 'a.nl', 'shop.a.nl', 'blog.a.nl'],
  coverage: [
    ...ACTIVE.coverage,
    { name: 'shop.a.nl', state: 'pending', failure: null },
    { name: 'blog.a.nl', state: 'failed', failure: 'challenge' },
  ],
};

const rowOf = (name: string) =>
  screen.getAllByTestId('ssl-name').find((r) => within(r).queryByText(name) !== null);

const open = () =>
  renderPage(<SslPage />, { path: '/webhosting/:domain/ssl', url: '/webhosting/a.nl/ssl' });

describe('the SSL screen', () => {
  it('offers the request while none was made, without a table of empty details', async () => {
    let state = NONE;
    const { calls } = fakeApi()
      .on(ssl.getSsl, () => state)
      .on(
        ssl.startSsl,
        () =>
          (state = {
            ...NONE,
            status: 'pending',
            names: NONE.hostnames,
            coverage: NONE.coverage.map((c) => ({ ...c, state: 'pending' })),
          }),
      );
    open();
    expect(await screen.findByTestId('ssl-status')).toHaveTextContent('Niet gestart');
    // No table of empty certificate details: only the names, none covered yet.
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(within(rowOf('www.a.nl') as HTMLElement).getByText('Niet gedekt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Certificaat aanvragen' }));
    expect(await screen.findByText('Aanvraag loopt')).toBeInTheDocument();
    expect(screen.getByTestId('ssl-status')).toHaveTextContent('Wordt aangevraagd');
    expect(within(rowOf('a.nl') as HTMLElement).getByText('In aanvraag')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Certificaat aanvragen' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('shows an active certificate with its details and the renewal', async () => {
    fakeApi().on(ssl.getSsl, ACTIVE);
    open();
    expect(await screen.findByTestId('ssl-status')).toHaveTextContent('Actief');
    expect(screen.getByText('Uitgegeven door')).toBeInTheDocument();
    expect(screen.getByText('Haven local CA 1a2b3c')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://www.a.nl/' })).toHaveAttribute(
      'href',
      'https://www.a.nl/',
    );
    expect(screen.getByRole('button', { name: 'Nu verlengen' })).toBeInTheDocument();
    expect(screen.getByText(/Je website is veilig bereikbaar/)).toBeInTheDocument();
    expect(within(rowOf('a.nl') as HTMLElement).getByText('Beveiligd')).toBeInTheDocument();
  });

  it('lists per name what is covered, pending and failed, and claims HTTPS only for covered names', async () => {
    fakeApi().on(ssl.getSsl, PARTLY);
    open();
    expect(await screen.findByTestId('ssl-status')).toHaveTextContent('Actief');
    expect(screen.queryByText(/Je website is veilig bereikbaar/)).toBeNull();
    expect(screen.getByText(/alleen via gewone HTTP bereikbaar/)).toBeInTheDocument();
    expect(screen.getAllByTestId('ssl-name')).toHaveLength(4);
    expect(within(rowOf('www.a.nl') as HTMLElement).getByText('Beveiligd')).toBeInTheDocument();
    expect(within(rowOf('shop.a.nl') as HTMLElement).getByText('In aanvraag')).toBeInTheDocument();
    const blog = within(rowOf('blog.a.nl') as HTMLElement);
    expect(blog.getByText('Mislukt')).toBeInTheDocument();
    expect(
      blog.getByText(/controleer bij DNS of hij naar onze hostingserver wijst/),
    ).toBeInTheDocument();
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    try {
      fakeApi().on(ssl.getSsl, PARTLY);
      open();
      expect(await screen.findByText(/reachable over plain HTTP only/)).toBeInTheDocument();
      expect(within(rowOf('shop.a.nl') as HTMLElement).getByText('Pending')).toBeInTheDocument();
      expect(within(rowOf('www.a.nl') as HTMLElement).getByText('Secure')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('nl');
    }
  });
});
