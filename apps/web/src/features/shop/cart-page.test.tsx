import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '../../test/wait.ts';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as shop from '@haven/contract/shop';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { browser } from './api.ts';
import { cartStore } from './cart-store.ts';
import { PRICING, PRODUCTS, STATUS } from './test-fixtures.ts';

let stop: () => void = () => {};
beforeEach(() => {
  sessionStorage.clear();
  cartStore.reset();
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

function open(
  calculate: FakeReply<typeof shop.calculate>,
  transaction: FakeReply<typeof shop.createTransaction> = {
    url: 'http://localhost/pay/test/tst_1',
    uuid: '00000000-0000-4000-8000-000000000001',
  },
) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(shop.getStatus, { data: STATUS })
    .on(shop.getProducts, { products: PRODUCTS })
    .on(shop.calculate, calculate)
    .on(shop.createTransaction, transaction);
  const app = renderApp('/upgrade/a.nl/cart');
  stop = app.stop;
  return { ...app, calls };
}

describe('the cart', { timeout: 15_000 }, () => {
  it('shows the server price: subtotal, VAT, due now and the new annual rate, then checks out', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    cartStore.set('a.nl', [1]);
    const user = userEvent.setup();
    const { calls } = open(PRICING);
    const cart = await screen.findByRole('region', { name: 'Winkelwagen' });
    expect(within(cart).getByText('Premium hosting')).toBeInTheDocument();
    expect(await within(cart).findByText('€ 24,00')).toBeInTheDocument();
    expect(within(cart).getByText('Btw 21%')).toBeInTheDocument();
    expect(within(cart).getByText('€ 5,04')).toBeInTheDocument();
    expect(within(cart).getAllByText('€ 29,04').length).toBeGreaterThan(0);
    expect(within(cart).getByText('Nieuw jaartarief vanaf 1 juni 2027')).toBeInTheDocument();
    expect(within(cart).getByText('€ 130,00')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/shopping/calculate')?.body).toEqual({
      domain: 'a.nl',
      products: [1],
    });

    await user.click(within(cart).getByRole('button', { name: 'Afrekenen' }));
    await vi.waitFor(
      () => expect(go).toHaveBeenCalledWith('http://localhost/pay/test/tst_1'),
      WAIT,
    );
    // Product ids only: the client never sends an amount.
    expect(calls.find((c) => c.path === '/api/shopping/transaction')?.body).toEqual({
      domain: 'a.nl',
      products: [1],
      language: 'nl',
    });
  });

  it("shows a calculation error's custom_message and blocks the checkout; removing the product clears it", async () => {
    cartStore.set('a.nl', [6]);
    const user = userEvent.setup();
    open(fail(422, 'product_owned'));
    expect(
      await screen.findByText('Je hebt een product in je winkelwagen al.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afrekenen' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Premium SSL uit de winkelwagen halen' }));
    expect(screen.queryByText('Je hebt een product in je winkelwagen al.')).toBeNull();
    expect(screen.getByText('Je winkelwagen is leeg.')).toBeInTheDocument();
  });

  it('labels an upgrade line as the difference, and the columns as this period and added per year', async () => {
    cartStore.set('a.nl', [8]);
    open({
      ...PRICING,
      lines: [{ id: 8, replaces: [7], price_now: 1089, price_annual: 2178 }],
    });
    const cart = await screen.findByRole('region', { name: 'Winkelwagen' });
    expect(
      await within(cart).findByText('Upgrade van SiteBuilder Lite: je betaalt het verschil'),
    ).toBeInTheDocument();
    expect(within(cart).getByRole('columnheader', { name: 'Deze periode' })).toBeInTheDocument();
    expect(within(cart).getByRole('columnheader', { name: 'Erbij per jaar' })).toBeInTheDocument();
  });

  it('explains a checkout the payment provider refused', async () => {
    cartStore.set('a.nl', [1]);
    const user = userEvent.setup();
    open(PRICING, fail(503, 'payment_unavailable'));
    const checkout = await screen.findByRole('button', { name: 'Afrekenen' });
    await vi.waitFor(() => expect(checkout).toBeEnabled(), WAIT);
    await user.click(checkout);
    expect(
      await screen.findByText('Online betalen is nu niet mogelijk. Probeer het later opnieuw.'),
    ).toBeInTheDocument();
  });
});
