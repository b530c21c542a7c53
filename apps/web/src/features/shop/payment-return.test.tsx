import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as shop from '@haven/contract/shop';
import type { ApiResponse } from '../../lib/api.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { cartStore } from './cart-store.ts';
import { PRODUCTS, STATUS } from './test-fixtures.ts';

const UUID = '00000000-0000-4000-8000-00000000000a';
let stop: () => void = () => {};
beforeEach(() => {
  sessionStorage.clear();
  cartStore.reset();
});
afterEach(() => stop());

function back(
  outcome: Pick<ApiResponse<typeof shop.getTransaction>, 'success' | 'status'> & {
    invoice?: string;
  },
) {
  authStore.setToken('tok');
  cartStore.set('a.nl', [1]);
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(shop.getStatus, { data: STATUS })
    .on(shop.getProducts, { products: PRODUCTS })
    .on(shop.getTransaction, { domain: 'a.nl', products: [1], invoice: null, ...outcome });
  const app = renderApp(`/dashboard?payment_uuid=${UUID}`);
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
    // The order is done: the cart empties and the plan flags are read again.
    expect(cartStore.get('a.nl')).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === '/api/user').length).toBeGreaterThan(1);
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
    expect(cartStore.get('a.nl')).toEqual([1]);
  });
});
