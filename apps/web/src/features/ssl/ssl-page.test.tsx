import { screen } from '@testing-library/react';
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
  requestedAt: Date.UTC(2026, 10, 26, 12),
};

const open = () =>
  renderPage(<SslPage />, { path: '/webhosting/:domain/ssl', url: '/webhosting/a.nl/ssl' });

describe('the SSL screen', () => {
  it('offers the request while none was made, without a table of empty details', async () => {
    let state = NONE;
    const { calls } = fakeApi()
      .on(ssl.getSsl, () => state)
      .on(ssl.startSsl, () => (state = { ...NONE, status: 'pending', names: NONE.hostnames }));
    open();
    expect(await screen.findByTestId('ssl-status')).toHaveTextContent('Niet gestart');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('www.a.nl')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Certificaat aanvragen' }));
    expect(await screen.findByText('Aanvraag loopt')).toBeInTheDocument();
    expect(screen.getByTestId('ssl-status')).toHaveTextContent('Wordt aangevraagd');
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
  });
});
