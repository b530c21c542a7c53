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

function open(
  url: string,
  status = STATUS,
  products = PRODUCTS,
  pkg: 'HOSTING' | 'DOMAIN' = 'HOSTING',
) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, {
      ...USER,
      domains: USER.domains.map((d) => ({ ...d, premium: false, package: pkg })),
    })
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

/** A step of the wizard's bar, by its name ("Stap 2 van 5" above it). */
const step = (name: string) =>
  within(screen.getByRole('navigation', { name: /stappen|steps/i })).getByRole('link', {
    name: new RegExp(`^Stap \\d van \\d\\s*${name}`),
  });

const card = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 3 })).closest('article') as HTMLElement;

describe('the upgrade wizard', { timeout: 15_000 }, () => {
  it('starts at the domain step and walks the steps with a next button that names the step', async () => {
    const user = userEvent.setup();
    const { router } = open('/upgrade/a.nl');
    expect(await screen.findByRole('heading', { name: 'Domein', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Overslaan' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Volgende: Hosting' }));
    expect(router.state.location.pathname).toBe('/upgrade/a.nl/step/hosting');
    await user.click(
      within(await card('Premium hosting')).getByRole('button', { name: 'Toevoegen' }),
    );
    await user.click(screen.getByRole('link', { name: 'Volgende: Spamfilter' }));
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
    // Where each step stands in the order, in words: no unexplained percentages.
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Stap 1 van 3Hosting', 'Stap 2 van 3Spamfilter', 'Stap 3 van 3SiteBuilder']);
    expect(bar.textContent).not.toMatch(/%/);
    expect(screen.queryByRole('link', { name: 'Vorige' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Volgende: Spamfilter' }));
    expect(
      await screen.findByRole('heading', { name: 'Spamfilter', level: 2 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Volgende: SiteBuilder' }));
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

    await user.click(step('Domein'));
    await user.click(step('Hosting'));
    await user.click(
      within(await card('Premium hosting')).getByRole('button', { name: 'Toevoegen' }),
    );
    expect(cartStore.get('a.nl')).toEqual([1]);
    const summary = screen.getByRole('complementary', { name: 'Winkelwagen' });
    expect(await within(summary).findByText('€ 29,04')).toBeInTheDocument();

    await user.click(step('Spamfilter'));
    expect(within(await card('Spamfilter')).getByText('Inbegrepen')).toBeInTheDocument();
    expect(within(await card('Spamfilter')).queryByRole('button')).toBeNull();
  });

  it('marks owned products (also those included) without a price, and the steps all owned', async () => {
    open('/upgrade/a.nl/step/ssl', {
      ...STATUS,
      products: [{ id: 1, productsIncluded: [{ id: 4 }, { id: 6 }] }],
    });
    const ssl = await card('Premium SSL');
    expect(within(ssl).getByText('Al in bezit')).toBeInTheDocument();
    expect(within(ssl).getByText('Dit heb je al voor dit domein.')).toBeInTheDocument();
    expect(ssl.textContent).not.toMatch(/€/);
    expect(step('SSL').textContent).toMatch(/Al in bezit$/);
    expect(step('SiteBuilder').textContent).not.toMatch(/in bezit/);
  });

  it('says why a domain-only package cannot have a product, with the helpdesk, and no price', async () => {
    open(
      '/upgrade/a.nl/step/hosting',
      STATUS,
      PRODUCTS.map((p) => ({ ...p, available: false })),
      'DOMAIN',
    );
    const hosting = await card('Premium hosting');
    expect(within(hosting).getByText('Niet beschikbaar')).toBeInTheDocument();
    expect(
      within(hosting).getByText(
        'Alleen met een hostingpakket: dit domein heeft een domeinpakket. Onze helpdesk kan webhosting toevoegen.',
      ),
    ).toBeInTheDocument();
    expect(within(hosting).getByRole('link', { name: 'Vraag het de helpdesk' })).toHaveAttribute(
      'href',
      '/helpdesk/ticket',
    );
    expect(hosting.textContent).not.toMatch(/€/);
    expect(screen.getByRole('status')).toHaveTextContent(/a\.nl heeft een domeinpakket/);
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
    await user.click(step('Hosting'));
    expect(within(await card('Premium hosting')).getByText('Vereist')).toBeInTheDocument();
  });

  it('blocks ordering for a legacy package with the has_legacy text', async () => {
    open('/upgrade/a.nl/step/hosting', { ...STATUS, hasLegacy: true, isUpgradable: false });
    expect(
      await screen.findByText(
        'Dit pakket kan niet online worden uitgebreid. Neem contact op met de helpdesk.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vraag het de helpdesk' })).toHaveAttribute(
      'href',
      '/helpdesk/ticket',
    );
    const hosting = await card('Premium hosting');
    expect(within(hosting).getByText('Niet beschikbaar')).toBeInTheDocument();
    expect(within(hosting).getByText(/zie de melding hierboven/)).toBeInTheDocument();
    expect(within(hosting).queryByRole('button')).toBeNull();
  });
});
