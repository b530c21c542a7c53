import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as shop from '@haven/contract/shop';
import { fakeApi } from '../../test/fake-fetch.ts';
import { cartStore } from './cart-store.ts';
import { PRICING, PRODUCTS, STATUS } from './test-fixtures.ts';

let stop: () => void = () => {};
beforeEach(() => {
  sessionStorage.clear();
  cartStore.reset();
});
afterEach(() => stop());

function open(url: string, status = STATUS, products = PRODUCTS) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, { ...USER, domains: USER.domains.map((d) => ({ ...d, premium: false })) })
    .on(shop.getStatus, { data: status })
    .on(shop.getProducts, { products })
    .on(shop.calculate, ({ body }) => ({
      ...PRICING,
      lines: body.products.map((id) => ({
        id,
        replaces: [],
        price_now: 100 * id,
        price_annual: 200 * id,
      })),
      price_total: 2904,
    }));
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls };
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 3 })).closest('article') as HTMLElement;

describe('the upgrade wizard', { timeout: 15_000 }, () => {
  it('starts at the domain step and walks the steps with next, skip and previous', async () => {
    const user = userEvent.setup();
    const { router } = open('/upgrade/a.nl');
    expect(await screen.findByRole('heading', { name: 'Domein', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Overslaan' }));
    expect(router.state.location.pathname).toBe('/upgrade/a.nl/step/hosting');
    await user.click(
      within(await card('Premium hosting')).getByRole('button', { name: 'Toevoegen' }),
    );
    await user.click(screen.getByRole('link', { name: 'Volgende' }));
    expect(router.state.location.pathname).toBe('/upgrade/a.nl/step/spamfilter');
    await user.click(screen.getByRole('link', { name: 'Vorige' }));
    expect(router.state.location.pathname).toBe('/upgrade/a.nl/step/hosting');
  });

  it('offers no step for a category with nothing for sale (no premium SSL, no domain privacy)', async () => {
    const user = userEvent.setup();
    const sold = PRODUCTS.filter((p) => p.type !== 'ssl' && p.type !== 'domain');
    const { router } = open('/upgrade/a.nl', STATUS, sold);
    expect(await screen.findByRole('heading', { name: 'Hosting', level: 2 })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: /stappen|steps/i });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent?.replace(/\d+%$/, '')),
    ).toEqual(['1. Hosting', '2. Spamfilter', '3. SiteBuilder']);
    expect(screen.queryByRole('link', { name: 'Vorige' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Overslaan' }));
    expect(
      await screen.findByRole('heading', { name: 'Spamfilter', level: 2 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Overslaan' }));
    expect(router.state.location.pathname).toBe('/upgrade/a.nl/step/sitebuilder');
  });

  it('shows prices with a comma and the state of each product; a product that includes others replaces them', async () => {
    const user = userEvent.setup();
    open('/upgrade/a.nl/step/spamfilter');
    const spam = await card('Spamfilter');
    expect(within(spam).getByText('€ 14,52 per jaar incl. btw')).toBeInTheDocument();
    expect(
      within(spam).getByText('Nu € 7,26 voor de rest van de lopende periode (tot 1 juni 2027)'),
    ).toBeInTheDocument();
    await user.click(within(spam).getByRole('button', { name: 'Toevoegen' }));
    expect(within(spam).getByText('In winkelwagen')).toBeInTheDocument();
    expect(cartStore.get('a.nl')).toEqual([4]);

    await user.click(screen.getByRole('link', { name: /1\. Domein/ }));
    await user.click(screen.getByRole('link', { name: /2\. Hosting/ }));
    await user.click(
      within(await card('Premium hosting')).getByRole('button', { name: 'Toevoegen' }),
    );
    expect(cartStore.get('a.nl')).toEqual([1]);
    const summary = screen.getByRole('complementary', { name: 'Winkelwagen' });
    expect(await within(summary).findByText('€ 29,04')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /3\. Spamfilter/ }));
    expect(within(await card('Spamfilter')).getByText('Inbegrepen')).toBeInTheDocument();
    expect(within(await card('Spamfilter')).queryByRole('button')).toBeNull();
  });

  it('marks owned products (also those included) and shows the share owned per category', async () => {
    open('/upgrade/a.nl/step/ssl', {
      ...STATUS,
      products: [{ id: 1, productsIncluded: [{ id: 4 }, { id: 6 }] }],
    });
    expect(within(await card('Premium SSL')).getByText('Al in bezit')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'SSL: 100% in bezit' })).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'SiteBuilder: 0% in bezit' }),
    ).toBeInTheDocument();
  });

  it('labels an upgrade of an owned product as the difference, per year and for the period', async () => {
    open(
      '/upgrade/a.nl/step/sitebuilder',
      { ...STATUS, products: [{ id: 7, productsIncluded: [] }] },
      PRODUCTS.map((p) =>
        p.id === 8 ? { ...p, productsAcceptable: [{ id: 7, price: 2178, from_price: 1089 }] } : p,
      ),
    );
    const standard = await card('SiteBuilder Standaard');
    expect(
      within(standard).getByText('Upgrade van SiteBuilder Lite: € 21,78 per jaar erbij incl. btw'),
    ).toBeInTheDocument();
    expect(
      within(standard).getByText(
        'Nu € 10,89: het verschil voor de rest van de lopende periode (tot 1 juni 2027)',
      ),
    ).toBeInTheDocument();
    // A product that upgrades nothing owned shows its yearly rate.
    expect(
      within(await card('SiteBuilder Pro')).getByText('€ 87,12 per jaar incl. btw'),
    ).toBeInTheDocument();
  });

  it('marks a product another cart product requires', async () => {
    const user = userEvent.setup();
    open('/upgrade/a.nl/step/sitebuilder');
    await user.click(
      within(await card('SiteBuilder Pro')).getByRole('button', { name: 'Toevoegen' }),
    );
    await user.click(screen.getByRole('link', { name: /2\. Hosting/ }));
    expect(within(await card('Premium hosting')).getByText('Vereist')).toBeInTheDocument();
  });

  it('blocks ordering for a legacy package with the has_legacy text', async () => {
    open('/upgrade/a.nl/step/hosting', { ...STATUS, hasLegacy: true, isUpgradable: false });
    expect(
      await screen.findByText(
        'Dit pakket kan niet online worden uitgebreid. Neem contact op met de helpdesk.',
      ),
    ).toBeInTheDocument();
    expect(within(await card('Premium hosting')).getByText('Niet beschikbaar')).toBeInTheDocument();
    expect(within(await card('Premium hosting')).queryByRole('button')).toBeNull();
  });
});
