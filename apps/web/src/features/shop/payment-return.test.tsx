import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '../../test/wait.ts';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import * as shop from '@haven/contract/shop';
import type { ApiResponse } from '../../lib/api.ts';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { paymentReturn } from '../../lib/payment-return.ts';
import { cartStore } from './cart-store.ts';
import { PRODUCTS, STATUS } from './test-fixtures.ts';

const UUID = '00000000-0000-4000-8000-00000000000a';
let stop: () => void = () => {};
beforeEach(() => {
  sessionStorage.clear();
  cartStore.reset();
  paymentReturn.reset();
});
afterEach(() => stop());

type Outcome = Pick<ApiResponse<typeof shop.getTransaction>, 'success' | 'status'> & {
  invoice?: string;
};

function fake(outcome: Outcome) {
  return fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(shop.getStatus, { data: STATUS })
    .on(shop.getProducts, { products: PRODUCTS })
    .on(shop.getTransaction, { domain: 'a.nl', products: [1], invoice: null, ...outcome });
}

function back(outcome: Outcome, url = `/dashboard?payment_uuid=${UUID}`) {
  authStore.setToken('tok');
  cartStore.set('a.nl', [1, 7]);
  const { calls } = fake(outcome);
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls };
}

describe('the payment return', { timeout: 15_000 }, () => {
  it('cleans the address, reads the transaction once and shows the success popup', async () => {
    const { router, calls } = back({ success: true, status: 'paid', invoice: '2026-00001' });
    const dialog = await screen.findByRole('dialog', { name: 'Betaling gelukt' });
    expect(
      await within(dialog).findByText(/Premium hosting is nu actief voor a.nl/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Factuur 2026-00001')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Naar mijn producten' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl/products',
    );
    expect(router.state.location.search).toBe('');
    expect(calls.filter((c) => c.path === `/api/shopping/transaction/${UUID}`)).toHaveLength(1);
    // What was paid for leaves the cart (the rest stays); the plan flags are read again.
    expect(cartStore.get('a.nl')).toEqual([7]);
    await vi.waitFor(
      () => expect(calls.filter((c) => c.path === '/api/user').length).toBeGreaterThan(1),
      WAIT,
    );
  });

  it('shows the failure popup, keeps the cart and changes nothing', async () => {
    const { router } = back({ success: false, status: 'failed' });
    const dialog = await screen.findByRole('dialog', { name: 'Betaling niet gelukt' });
    expect(
      within(dialog).getByText(
        'De betaling is mislukt. Er is niets afgeschreven en er is niets gewijzigd.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Naar de winkelwagen' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl/cart',
    );
    expect(router.state.location.search).toBe('');
    expect(cartStore.get('a.nl')).toEqual([1, 7]);
  });

  it('keeps a return across the login, from any route, and shows it once logged in', async () => {
    cartStore.set('a.nl', [1]);
    const { calls } = fake({ success: true, status: 'paid', invoice: '2026-00002' }).on(
      auth.login,
      { token: 'fresh' },
    );
    const app = renderApp(`/webhosting/a.nl/subdomain?payment_uuid=${UUID}&x=1`);
    stop = app.stop;
    // Logged out: the guard sends the customer to the login, the return waits in this tab.
    await screen.findByRole('button', { name: 'Inloggen' });
    expect(app.router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.path.startsWith('/api/shopping/transaction'))).toBe(false);
    expect(paymentReturn.pending()).toBe(UUID);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Domeinnaam/), 'a.nl');
    await user.type(screen.getByLabelText(/Gebruikersnaam/), 'beheer');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Secret-1234!');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaling gelukt' });
    expect(within(dialog).getByText('Factuur 2026-00002')).toBeInTheDocument();
    await vi.waitFor(() => expect(cartStore.get('a.nl')).toEqual([]), WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    expect(paymentReturn.pending()).toBeNull();
  });

  it("brings a logged-out customer back to a checkout's result page after the login", async () => {
    fake({ success: false, status: 'canceled' }).on(auth.login, { token: 'fresh' });
    const app = renderApp(`/upgrade/a.nl/success?transaction=${UUID}`);
    stop = app.stop;
    await screen.findByRole('button', { name: 'Inloggen' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Domeinnaam/), 'a.nl');
    await user.type(screen.getByLabelText(/Gebruikersnaam/), 'beheer');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Secret-1234!');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await vi.waitFor(
      () => expect(app.router.state.location.pathname).toBe('/upgrade/a.nl/success'),
      WAIT,
    );
    expect(app.router.state.location.search).toBe(`?transaction=${UUID}`);
    expect(
      await screen.findByText(/Je hebt de betaling geannuleerd/, undefined, WAIT),
    ).toBeInTheDocument();
    // The server's outcome names the page, not the address it came back to; the cart is empty
    // in this browser, so the way on is choosing an upgrade.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Betaling niet gelukt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kies een uitbreiding' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl',
    );
  });

  it('says on the failure page what is true of the cart: kept, or empty', async () => {
    authStore.setToken('tok');
    fake({ success: false, status: 'failed' });
    const app = renderApp('/upgrade/a.nl/failure');
    stop = app.stop;
    expect(
      await screen.findByText(
        'De betaling is niet gelukt: er is niets afgeschreven en niets veranderd.',
      ),
    ).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Betaling niet gelukt' });
    expect(within(result).queryByText(/winkelwagen/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Kies een uitbreiding' })).toHaveAttribute(
      'href',
      '/upgrade/a.nl',
    );
    stop();
    cartStore.set('a.nl', [4]);
    const again = renderApp('/upgrade/a.nl/failure');
    stop = again.stop;
    expect(await screen.findByText(/Je winkelwagen bewaart wat je koos\./)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Naar de winkelwagen' }).at(-1)).toHaveAttribute(
      'href',
      '/upgrade/a.nl/cart',
    );
  });

  it("shows nothing for another customer's order and forgets it", async () => {
    authStore.setToken('tok');
    fake({ success: true, status: 'paid' }).on(shop.getTransaction, fail(404, 'not_found'));
    const app = renderApp(`/dashboard?payment_uuid=${UUID}`);
    stop = app.stop;
    await vi.waitFor(() => expect(paymentReturn.pending()).toBeNull(), WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('drops an address value that is not an order reference', async () => {
    authStore.setToken('tok');
    fake({ success: true, status: 'paid' });
    const app = renderApp('/dashboard?payment_uuid=..%2Fapi%2Fuser');
    stop = app.stop;
    await vi.waitFor(() => expect(app.router.state.location.search).toBe(''), WAIT);
    expect(paymentReturn.pending()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the cart after an order elsewhere', { timeout: 15_000 }, () => {
  it('drops what the domain now owns, and what that includes', async () => {
    authStore.setToken('tok');
    cartStore.set('a.nl', [4, 7]);
    fakeApi()
      .on(account.getUser, USER)
      .on(account.getGeneralNotifications, { notifications: [] })
      .on(account.getDomainNotifications, { notifications: [] })
      .on(shop.getStatus, {
        data: { ...STATUS, products: [{ id: 1, productsIncluded: [{ id: 4 }, { id: 6 }] }] },
      })
      .on(shop.getProducts, { products: PRODUCTS });
    const app = renderApp('/dashboard');
    stop = app.stop;
    await vi.waitFor(() => expect(cartStore.get('a.nl')).toEqual([7]), WAIT);
    expect(await screen.findByRole('link', { name: 'Winkelwagen, 1 product' })).toBeInTheDocument();
  });

  it('follows a change another tab made', () => {
    cartStore.set('a.nl', [1, 7]);
    localStorage.setItem('haven-cart', JSON.stringify({ 'a.nl': [7] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'haven-cart' }));
    expect(cartStore.get('a.nl')).toEqual([7]);
  });
});
