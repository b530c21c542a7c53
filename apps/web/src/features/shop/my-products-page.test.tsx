import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as shop from '@haven/contract/shop';
import { fakeApi } from '../../test/fake-fetch.ts';
import { PRODUCTS, STATUS } from './test-fixtures.ts';

const UUID = '00000000-0000-4000-8000-00000000000b';
let stop: () => void = () => {};
afterEach(() => stop());

function open(url: string) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(shop.getStatus, {
      data: { ...STATUS, products: [{ id: 8, productsIncluded: [{ id: 7 }] }] },
    })
    .on(shop.getProducts, { products: PRODUCTS })
    .on(shop.listInvoices, {
      invoices: [
        {
          number: '2026-00002',
          date: '2026-03-01',
          domain: 'a.nl',
          subtotal: 3000,
          vat: 630,
          total: 3630,
        },
      ],
    })
    .on(shop.getTransaction, {
      success: false,
      status: 'canceled',
      domain: 'a.nl',
      products: [4],
      invoice: null,
    });
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls };
}

describe('my products and the result pages', { timeout: 15_000 }, () => {
  it('lists owned products, also the included ones, and the invoices with their PDF', async () => {
    open('/upgrade/a.nl/products');
    const owned = await screen.findByRole('region', { name: 'Mijn producten' });
    expect(
      within(owned).getByRole('heading', { name: 'SiteBuilder Standaard' }),
    ).toBeInTheDocument();
    expect(within(owned).getByRole('heading', { name: 'SiteBuilder Lite' })).toBeInTheDocument();
    expect(within(owned).queryByRole('heading', { name: 'Premium hosting' })).toBeNull();
    expect(within(owned).getByRole('link', { name: 'SiteBuilder' })).toHaveAttribute(
      'href',
      '/sitebuilder/a.nl',
    );
    const invoices = await screen.findByRole('region', { name: 'Facturen' });
    expect(await within(invoices).findByText('2026-00002')).toBeInTheDocument();
    expect(within(invoices).getAllByText('1 maart 2026').length).toBeGreaterThan(0);
    expect(within(invoices).getByText('€ 36,30')).toBeInTheDocument();
    expect(
      within(invoices).getByRole('button', { name: 'Factuur 2026-00002 downloaden (PDF)' }),
    ).toBeInTheDocument();
  });

  it("shows a checkout's outcome as the server knows it on the failure page", async () => {
    open(`/upgrade/a.nl/failure?transaction=${UUID}`);
    expect(
      await screen.findByText(
        'Je hebt de betaling geannuleerd. Er is niets afgeschreven en er is niets gewijzigd.',
      ),
    ).toBeInTheDocument();
    // Nothing waits in this browser's cart: the way on is choosing an upgrade.
    expect(screen.getByRole('link', { name: 'Kies een uitbreiding' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl',
    );
  });
});
