import { createCustomer, login, resize, screen } from '../fixtures.ts';
import { expect, hasNginx, panelPage, test } from '../hosting-panel.ts';

/**
 * Issue #16: the customer reaches what they made. The panel runs its hosting node (nginx, PHP-FPM,
 * pure-ftpd, PowerDNS); a subdomain created in the panel is opened from its link and serves its
 * page. The run's own server has the node off (e2e/start-server.mjs): the spec uses the panel
 * with the node on that it shares with the logs, statistics and SSL specs (e2e/hosting-panel.ts).
 */
const TEXT = {
  nl: {
    addSubdomain: 'Subdomein toevoegen',
    name: /^Naam/,
    ftp: /^Webgebruiker/,
    other: 'Nieuwe webgebruiker…',
    ftpName: /^Naam van de nieuwe webgebruiker/,
    ftpPassword: /^Wachtwoord van de nieuwe webgebruiker/,
    ftpRepeat: /^Herhaal het wachtwoord/,
    open: (sub: string) => `${sub} openen in een nieuw tabblad`,
    ftpServer: /^Host 127\.0\.0\.1, poort \d+$/,
    hostingServer: 'onze hostingserver',
    webusers: 'Webgebruikers',
    page: 'Hallo van de nieuwe site',
  },
  en: {
    addSubdomain: 'Add subdomain',
    name: /^Name/,
    ftp: /^Web user/,
    other: 'New web user…',
    ftpName: /^Name of the new web user/,
    ftpPassword: /^Password of the new web user/,
    ftpRepeat: /^Repeat the password/,
    open: (sub: string) => `Open ${sub} in a new tab`,
    ftpServer: /^Host 127\.0\.0\.1, port \d+$/,
    hostingServer: 'our hosting server',
    webusers: 'Web users',
    page: 'Hello from the new site',
  },
} as const;

test.skip(!hasNginx, 'nginx is not installed: nothing would serve the subdomain');

for (const lang of ['nl', 'en'] as const) {
  test(`hosting access: a new subdomain's link opens the page nginx serves (${lang})`, async ({
    browser,
    hostingPanel: panel,
  }) => {
    test.setTimeout(180_000);
    const x = TEXT[lang];
    const c = createCustomer({ dataDir: panel.dataDir });
    const page = await panelPage(browser, panel, lang, {
      width: 1280,
      height: 800,
      locale: 'nl-NL',
    });
    await login(page, c);

    // Create the subdomain in the panel, with its own FTP user.
    await page.goto(`/webhosting/${c.domain}/subdomain/add`);
    await page.getByRole('textbox', { name: x.name }).first().fill('site');
    await page.getByRole('textbox', { name: x.ftp }).click();
    await page.getByRole('option', { name: x.other, exact: true }).click();
    await page
      .getByRole('textbox', { name: x.ftpName })
      .fill(`site${lang}${c.domain.slice(4, 10)}`);
    await page.getByLabel(x.ftpPassword).fill('Site-ftp-2024!x');
    await page.getByLabel(x.ftpRepeat).fill('Site-ftp-2024!x');
    await page.getByRole('button', { name: x.addSubdomain }).click();
    await expect(page).toHaveURL(/\/subdomain\/site$/);

    // Its document root starts empty: put a page in it through the file manager's API.
    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    const fm = `/api/${c.domain}/webhosting/filemanager`;
    const headers = { Authorization: `Bearer ${token}` };
    const made = await page.request.post(`${fm}/file`, {
      headers,
      data: { path: '/subdomains/site', name: 'index.html' },
    });
    expect(made.status(), await made.text()).toBe(200);
    const saved = await page.request.post(`${fm}/save`, {
      headers,
      data: {
        path: '/subdomains/site/index.html',
        content: `<!doctype html><title>${x.page}</title><h1>${x.page}</h1>\n`,
        force: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The detail shows the address and no notice: nginx runs.
    const address = page.getByRole('link', { name: new RegExp(`site\\.${c.domain}\\.localhost`) });
    await expect(address).toHaveAttribute(
      'href',
      new RegExp(`^http://site\\.${c.domain.replace(/\./g, '\\.')}\\.localhost:\\d+/$`),
    );
    await expect(page.getByTestId('service-notice-web')).toHaveCount(0);
    await screen(page, `hosting-access-subdomain-detail-${lang}`);
    await resize(page, 360, 740);
    await screen(page, `hosting-access-subdomain-detail-360-${lang}`);
    await resize(page, 1280, 800);

    // Open the link from the list: a new tab with the page nginx serves.
    await page.goto(`/webhosting/${c.domain}/subdomain`);
    const link = page.getByRole('link', { name: x.open('site') });
    await expect(link).toHaveAttribute('target', '_blank');
    await screen(page, `hosting-access-subdomains-${lang}`);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    await expect(tab.getByRole('heading', { name: x.page })).toBeVisible();
    await tab.close();
    await resize(page, 360, 740);
    await screen(page, `hosting-access-subdomains-360-${lang}`);

    // The web users screen shows where to connect over FTP; the DNS screen no test address.
    await page.goto(`/webhosting/${c.domain}/web-user`);
    await expect(page.getByTestId('ftp-server')).toHaveText(x.ftpServer);
    await expect(page.getByTestId('service-notice-ftp')).toHaveCount(0);
    await screen(page, `hosting-access-webusers-360-${lang}`);
    await page.goto(`/webhosting/${c.domain}/dns`);
    // The node's test address (a dig line with its port) is the operator's, not on this screen;
    // a HOST record says "our hosting server" in words, without the local node's 127.0.0.1.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(x.hostingServer).first()).toBeVisible();
    await expect(page.getByText(/dig @|127\.0\.0\.1/)).toHaveCount(0);
    await screen(page, `hosting-access-dns-360-${lang}`);
    await resize(page, 1280, 800);
    await screen(page, `hosting-access-dns-${lang}`);
    await page.context().close();
  });
}
