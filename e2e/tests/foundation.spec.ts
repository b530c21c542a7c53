import {
  checkScreen,
  createCustomer,
  expect,
  expectAccessible,
  haven,
  login,
  screen,
  shoot,
  test,
} from '../fixtures.ts';
import { latestMailTo } from '../outbox.ts';

test.describe('foundation: log in, the shell, password change and reset', () => {
  test('logs in, switches domain and language, changes the password', async ({ page }) => {
    const customer = createCustomer({ extraDomains: 1 });
    await page.goto(`/?domain=${customer.domain}`);
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await expectAccessible(page);
    await screen(page, 'login-nl-desktop');

    // A wrong password says so and keeps the user on the login.
    await page.getByLabel(/gebruikersnaam/i).fill(customer.username);
    await page
      .getByLabel(/^wachtwoord/i)
      .first()
      .fill('Not-the-password-1!');
    await page.getByRole('button', { name: /inloggen/i }).click();
    await expect(page.getByText(/onbekend/i)).toBeVisible();

    await login(page, customer);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Eva Jansen');
    await expectAccessible(page);
    await screen(page, 'dashboard-nl-desktop');

    // The domain switcher keeps the route and remembers the choice.
    await page.getByRole('textbox', { name: 'Domein' }).click();
    await page.getByRole('option', { name: customer.extra[0] }).click();
    await expect(page.getByRole('textbox', { name: 'Domein' })).toHaveValue(
      customer.extra[0] ?? '',
    );

    await page.getByRole('radiogroup', { name: 'Taal' }).getByText('EN').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      /Good (morning|afternoon|evening|night)/,
    );
    await screen(page, 'dashboard-en-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, 'dashboard-en-360');
    await page.getByRole('button', { name: /open menu/i }).click();
    // The drawer slides in: the picture is taken once its first link is wholly in view.
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeInViewport(
      { ratio: 1 },
    );
    await screen(page, 'navigation-en-360');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /open menu/i })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('button', { name: /open menu/i })).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/account/${customer.domain}`);
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expectAccessible(page);
    const next = `${customer.password}x`;
    await page.getByRole('textbox', { name: 'Current password' }).fill(customer.password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
    await page.getByRole('textbox', { name: 'Repeat new password' }).fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await screen(page, 'account-en-desktop');

    await page
      .getByRole('button', { name: /log out/i })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await login(page, { ...customer, password: next });
  });

  test('resets a lost password through the mailed link', async ({ page }) => {
    const customer = createCustomer();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/?domain=${customer.domain}`);
    // The login screen is a lazy chunk: the picture is of the form, not of its loader.
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await screen(page, 'login-nl-360');
    await page.getByRole('link', { name: /wachtwoord vergeten/i }).click();
    await expect(page.getByRole('heading', { name: /wachtwoord vergeten/i })).toBeVisible();
    await page.getByRole('button', { name: /versturen|verstuur/i }).click();
    await expect(page.getByText(/e-mail/i).first()).toBeVisible();

    let mail: string | undefined;
    await expect.poll(() => (mail = latestMailTo(`owner@${customer.domain}`))).toBeTruthy();
    const link = /https?:\/\/\S+\/password-forgotten\/[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link ?? '/').pathname);
    const next = `Reset-${customer.password}`;
    await page.getByLabel(/^nieuw wachtwoord/i).fill(next);
    await page.getByLabel(/herhaal nieuw wachtwoord/i).fill(next);
    await expectAccessible(page);
    await page.getByRole('button', { name: /opslaan/i }).click();
    await expect(page.getByText(/je wachtwoord is gewijzigd/i)).toBeVisible();

    // The link works once.
    await page.goto(new URL(link ?? '/').pathname);
    await expect(page.getByText(/ongeldig of verlopen/i)).toBeVisible();
    await login(page, { ...customer, password: next });
  });

  test("shows an operator's notice on every screen, in both languages, until it is closed", async ({
    page,
  }) => {
    const customer = createCustomer();
    // Per domain, so the notice shows to this customer only (the run's other journeys go on).
    haven(
      'notify',
      '--type',
      'warning',
      '--nl',
      'Onderhoud zondag van 02:00 tot 04:00',
      '--en',
      'Maintenance on Sunday from 02:00 to 04:00',
      '--domain',
      customer.domain,
    );
    await login(page, customer);
    await page.goto(`/webhosting/${customer.domain}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const notices = page.getByRole('region', { name: 'Meldingen' });
    await expect(notices.getByText('Onderhoud zondag van 02:00 tot 04:00')).toBeVisible();
    await checkScreen(page);
    await shoot(page, 'notice-webhosting-nl', { axe: true });

    await page.goto(`/mail/${customer.domain}`);
    await page.getByRole('radiogroup', { name: 'Taal' }).getByText('EN').click();
    const english = page.getByRole('region', { name: 'Notifications' });
    await expect(english.getByText('Maintenance on Sunday from 02:00 to 04:00')).toBeVisible();
    await shoot(page, 'notice-mail-en');
    await english.getByRole('button', { name: 'Close this notice' }).click();
    await expect(page.getByText('Maintenance on Sunday from 02:00 to 04:00')).toHaveCount(0);
    // Closed stays closed: after a reload and on another screen.
    await page.goto(`/webhosting/${customer.domain}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Maintenance on Sunday from 02:00 to 04:00')).toHaveCount(0);
  });
});
