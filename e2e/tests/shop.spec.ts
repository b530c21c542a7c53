import { E2E_PORT } from '../env.ts';
import {
  createCustomer,
  expect,
  expectAccessible,
  login,
  resize,
  screen,
  test,
} from '../fixtures.ts';

/*
 * The shop end to end in the local profile: the wizard, the server's price, the built-in test
 * checkout of Haven (clearly a test: no money moves), its webhook, fulfilment and the return.
 */
test.describe('upgrade shop', () => {
  test('orders premium hosting, pays on the test checkout and sees it applied (nl)', async ({
    page,
  }) => {
    const customer = createCustomer();
    await login(page, customer);
    await expect(page.getByText('Premium', { exact: true })).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Uitbreiden' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/upgrade/${customer.domain}$`));
    // Nothing of the domain category is sold (domain privacy had no effect): hosting comes first.
    await expect(page.getByRole('heading', { name: 'Hosting', level: 2 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Stappen van het uitbreiden' }).getByRole('link'),
    ).toHaveText([
      /^Stap 1 van 3\s*Hosting/,
      /^Stap 2 van 3\s*Spamfilter/,
      /^Stap 3 van 3\s*SiteBuilder/,
    ]);
    // A hovered active menu item is the shell's (reported); the check is about this screen.
    await page.mouse.move(640, 780);
    await expectAccessible(page);
    const hosting = page.getByRole('article', { name: 'Premium hosting' });
    await expect(hosting.getByText(/€\s58,08 per jaar incl\. btw/)).toBeVisible();
    await hosting.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(hosting.getByText('In winkelwagen')).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Winkelwagen' });
    await expect(summary.getByText(/€\s\d+,\d\d/)).toBeVisible();
    await screen(page, 'shop-step-hosting-nl-desktop');

    // Premium hosting includes the spam filter: the step shows it as included, not for sale.
    await page.getByRole('link', { name: 'Volgende: Spamfilter' }).click();
    await expect(
      page.getByRole('article', { name: 'Spamfilter' }).getByText('Inbegrepen'),
    ).toBeVisible();
    await resize(page, 360, 740);
    await screen(page, 'shop-step-spamfilter-nl-360');
    await resize(page, 1280, 800);

    await summary.getByRole('link', { name: 'Naar de winkelwagen' }).click();
    const cart = page.getByRole('region', { name: 'Winkelwagen' });
    await expect(cart.getByText('Subtotaal excl. btw')).toBeVisible();
    await expect(cart.getByText('Btw 21%')).toBeVisible();
    await expect(cart.getByText('Nu te betalen')).toBeVisible();
    await expect(cart.getByText(/Nieuw jaartarief vanaf/)).toBeVisible();
    await expectAccessible(page);
    await screen(page, 'shop-cart-nl-desktop');
    await resize(page, 360, 740);
    await screen(page, 'shop-cart-nl-360');
    await resize(page, 1280, 800);

    await cart.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
    await expect(page.getByText('Er wordt geen geld afgeschreven')).toBeVisible();
    await screen(page, 'shop-test-checkout-nl-desktop');
    await page.getByRole('button', { name: 'Betalen' }).click();

    const popup = page.getByRole('dialog', { name: 'Betaling gelukt' });
    await expect(popup).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(popup.getByText(/Premium hosting is nu actief/)).toBeVisible();
    await expect(popup.getByText(/Factuur \d{4}-\d+/)).toBeVisible();
    await expectAccessible(page);
    await screen(page, 'shop-paid-popup-nl-desktop');

    await popup.getByRole('link', { name: 'Naar mijn producten' }).click();
    await expect(
      page.getByRole('article', { name: 'Premium hosting' }).getByText('Al in bezit'),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: 'Spamfilter' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Facturen' }).getByRole('row')).toHaveCount(2);
    await expect(
      page
        .getByRole('navigation', { name: 'Stappen van het uitbreiden' })
        .getByRole('link', { name: /Hosting\s*Al in bezit/ }),
    ).toBeVisible();
    await screen(page, 'shop-my-products-nl-desktop');
    await resize(page, 360, 740);
    await screen(page, 'shop-my-products-nl-360');
    await resize(page, 1280, 800);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Factuur .* downloaden/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^factuur-\d{4}-\d+\.pdf$/);

    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  });

  test('a failed payment shows the failure popup and changes nothing (en)', async ({ page }) => {
    const customer = createCustomer();
    await login(page, customer);
    await page.getByRole('radiogroup', { name: 'Taal' }).getByText('EN').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto(`/upgrade/${customer.domain}/step/spamfilter`);
    const spam = page.getByRole('article', { name: 'Spam filter' });
    // Amounts read the English way in the English interface.
    await expect(spam.getByText('€14.52 per year incl. VAT')).toBeVisible();
    await spam.getByRole('button', { name: 'Add' }).click();
    await expectAccessible(page);
    await screen(page, 'shop-step-spamfilter-en-desktop');
    await resize(page, 360, 740);
    await screen(page, 'shop-step-spamfilter-en-360');

    await page.getByRole('link', { name: 'Cart, 1 product' }).first().click();
    const cart = page.getByRole('region', { name: 'Cart' });
    await expect(cart.getByText('To pay now')).toBeVisible();
    await screen(page, 'shop-cart-en-360');
    await resize(page, 1280, 800);
    await screen(page, 'shop-cart-en-desktop');

    await cart.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Make the payment fail' }).click();

    const popup = page.getByRole('dialog', { name: 'Payment not completed' });
    await expect(
      popup.getByText('The payment failed. Nothing was charged and nothing was changed.'),
    ).toBeVisible();
    await expectAccessible(page);
    await screen(page, 'shop-failed-popup-en-desktop');
    await popup.getByRole('link', { name: 'Go to the cart' }).click();
    await expect(page.getByRole('region', { name: 'Cart' }).getByText('Spam filter')).toBeVisible();

    await page.getByRole('link', { name: 'My products' }).click();
    await expect(page.getByText('You have no extra products for this domain yet.')).toBeVisible();
    await expect(page.getByText('There are no invoices yet.')).toBeVisible();
  });
  test('pays in a new tab on the panel address, logged out: logs in, sees the result, the cart empties (nl)', async ({
    page,
    context,
  }) => {
    const customer = createCustomer();
    // The customer works on another host name than PUBLIC_URL (127.0.0.1): the provider sends
    // the browser back to PUBLIC_URL, where this browser has no session.
    const elsewhere = `http://localhost:${E2E_PORT}`;
    await login(page, customer, elsewhere);
    await page.goto(`${elsewhere}/upgrade/${customer.domain}/step/spamfilter`);
    const spam = page.getByRole('article', { name: 'Spamfilter' });
    await spam.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('link', { name: 'Winkelwagen, 1 product' }).first().click();
    const cart = page.getByRole('region', { name: 'Winkelwagen' });
    await cart.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
    const checkout = page.url();
    expect(new URL(checkout).host).toBe(`127.0.0.1:${E2E_PORT}`);
    // The customer leaves the checkout open in a new tab and goes back to the panel.
    await page.goBack();
    await expect(cart.getByText('Spamfilter')).toBeVisible();

    const tab = await context.newPage();
    await tab.goto(checkout);
    await tab.getByRole('button', { name: 'Betalen' }).click();
    // Not logged in here: the login comes first, and the return waits for it.
    await expect(tab.getByRole('button', { name: 'Inloggen' })).toBeVisible();
    expect(tab.url()).not.toContain('payment_uuid');
    await login(tab, customer);
    const popup = tab.getByRole('dialog', { name: 'Betaling gelukt' });
    await expect(popup.getByText(/Spamfilter is nu actief/)).toBeVisible();
    await expect(popup.getByText(/Factuur \d{4}-\d+/)).toBeVisible();
    await expect(tab).toHaveURL(/\/dashboard$/);
    await expectAccessible(tab);
    await screen(tab, 'shop-return-after-login-nl-desktop');
    await popup.getByRole('button', { name: 'Sluiten' }).click();
    await expect(popup).toBeHidden();
    // Shown once: a reload does not bring it back.
    await tab.reload();
    await expect(
      tab.getByRole('banner').getByRole('link', { name: 'Winkelwagen, 0 producten' }),
    ).toBeVisible();
    await expect(tab.getByRole('dialog')).toHaveCount(0);
    await tab.close();

    // Back in the first tab, on the other host name: what was paid for left the cart.
    await page.bringToFront();
    await page.reload();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Winkelwagen, 0 producten' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Winkelwagen' }).getByText('Je winkelwagen is leeg.'),
    ).toBeVisible();
    await page.goto(`${elsewhere}/upgrade/${customer.domain}/step/spamfilter`);
    await expect(spam.getByText('Al in bezit')).toBeVisible();
  });
});
