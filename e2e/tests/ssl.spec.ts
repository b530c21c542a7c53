import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import type { Page } from '@playwright/test';
import { createCustomer, expectAccessible, login, screen } from '../fixtures.ts';
import { expect, hasNginx, panelPage, test } from '../hosting-panel.ts';

/**
 * Issue #20, SSL: a certificate requested on the screen goes from not started to pending to
 * active, issued by Haven's local CA after its HTTP-01 proof through the domain's nginx, which
 * then serves it over TLS. A subdomain made afterwards is pending on the screen (the others stay
 * secure), then added to the certificate, and served with it (issue #40). nl on a desktop, en on
 * a 360 px phone: one journey each (CI time).
 */
const TEXT = {
  nl: {
    nav: 'Webhosting',
    more: 'Meer',
    title: 'SSL-certificaat',
    start: 'Certificaat aanvragen',
    inactive: 'Niet gestart',
    pending: 'Wordt aangevraagd',
    pendingTitle: 'Aanvraag loopt',
    active: 'Actief',
    renew: 'Nu verlengen',
    covered: 'Beveiligd',
    namePending: 'In aanvraag',
  },
  en: {
    nav: 'Web hosting',
    more: 'More',
    title: 'SSL certificate',
    start: 'Request certificate',
    inactive: 'Not started',
    pending: 'Being requested',
    pendingTitle: 'Request in progress',
    active: 'Active',
    renew: 'Renew now',
    covered: 'Secure',
    namePending: 'Pending',
  },
} as const;

const JOURNEYS = [
  { lang: 'nl', width: 1280, height: 800 },
  { lang: 'en', width: 360, height: 740 },
] as const;

test.skip(!hasNginx, 'nginx is not installed: nothing would answer the proof or serve the site');

/** What nginx serves for `name` over TLS, judged by a client that trusts only `ca`. */
function served(port: number, name: string, ca: Buffer) {
  return new Promise<{ authorized: boolean; names: string }>((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port, servername: name, ca, rejectUnauthorized: false },
      () => {
        resolve({
          authorized: socket.authorized,
          names: socket.getPeerCertificate().subjectaltname ?? '',
        });
        socket.end();
      },
    );
    socket.on('error', reject);
  });
}

/** To a section by the webhosting tabs: in the row, or behind "more" when the row is full. */
async function openSection(page: Page, x: (typeof TEXT)[keyof typeof TEXT], name: string) {
  const nav = page.getByRole('navigation', { name: x.nav });
  // On a phone the row may be the "more" button alone, named after the open section.
  await expect(nav.getByRole('link').or(nav.getByRole('button')).first()).toBeVisible();
  const tab = nav.getByRole('link', { name, exact: true });
  if (await tab.isVisible()) return tab.click();
  await nav.getByRole('button', { name: x.more }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

for (const { lang, width, height } of JOURNEYS) {
  test(`ssl: request a certificate, pending, then active and served (${lang}, ${width} px)`, async ({
    browser,
    hostingPanel,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer({ premium: true, dataDir: hostingPanel.dataDir });
    const page = await panelPage(browser, hostingPanel, lang, { width, height });
    await login(page, c);
    await page.goto(`/webhosting/${c.domain}`);
    await openSection(page, x, 'SSL');
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    const status = page.getByTestId('ssl-status');
    await expect(status).toHaveText(x.inactive);
    await expectAccessible(page);

    // The screen's next reads wait until the pending state is checked: the local CA is quick.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = `**/api/${c.domain}/webhosting/ssl`;
    await page.route(api, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/ssl')),
      page.getByRole('button', { name: x.start }).click(),
    ]);
    expect(((await started.json()) as { status: string }).status).toBe('pending');
    await expect(status).toHaveText(x.pending);
    await expect(page.getByText(x.pendingTitle)).toBeVisible();
    await expectAccessible(page);
    release();

    // Issued and installed: the screen (polling while pending) shows it active.
    await expect(status).toHaveText(x.active, { timeout: 20_000 });
    await expect(page.getByText(/^Haven local CA/)).toBeVisible();
    await expect(page.getByRole('button', { name: x.renew })).toBeVisible();
    const link = page.getByRole('link', { name: /^https:\/\// });
    const url = new URL((await link.getAttribute('href')) ?? '');
    expect(url.hostname).toBe(`www.${c.domain}.localhost`);
    await expectAccessible(page);
    await screen(page, `ssl-active-${lang}-${width}`);

    // nginx serves it on the address shown: a client trusting only the local CA's root accepts it.
    const root = readFileSync(join(hostingPanel.dataDir, 'ssl', 'local-ca', 'root.pem'));
    const cert = await served(Number(url.port), `www.${c.domain}`, root);
    expect(cert.authorized).toBe(true);
    expect(cert.names).toContain(`DNS:www.${c.domain}`);
    const row = (name: string) => page.getByTestId('ssl-name').filter({ hasText: name });
    await expect(row(`www.${c.domain}`)).toContainText(x.covered);

    // A subdomain made now: at once pending (its name never said to be secure), the others stay
    // secure; the screen is held on the panel's answer of that moment (the local CA is quick).
    const shop = `shop.${c.domain}`;
    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    const auth = { Authorization: `Bearer ${token}` };
    const made = await page.request.post(`/api/${c.domain}/webhosting/subdomain`, {
      headers: auth,
      data: { name: 'shop', phpHandlerId: null, ftpAccount: null },
    });
    expect(made.status(), await made.text()).toBe(200);
    const right = await page.request.get(`/api/${c.domain}/webhosting/ssl`, { headers: auth });
    const pending = (await right.json()) as {
      status: string;
      coverage: { name: string; state: string }[];
    };
    expect(pending.status).toBe('pending');
    expect(pending.coverage.find((n) => n.name === shop)?.state).toBe('pending');
    await page.unroute(api);
    let first = true;
    let go = () => {};
    const looked = new Promise<void>((resolve) => (go = resolve));
    await page.route(api, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (!first) return looked.then(() => route.continue());
      first = false;
      await route.fulfill({ json: pending });
    });
    await page.reload();
    await expect(status).toHaveText(x.pending);
    await expect(row(shop)).toContainText(x.namePending);
    await expect(row(`www.${c.domain}`)).toContainText(x.covered);
    await expectAccessible(page);
    await screen(page, `ssl-new-name-${lang}-${width}`);
    go();

    // Added to the certificate (the screen polls while pending): every name secure, and nginx
    // serves the new name with a certificate that names it.
    await expect(status).toHaveText(x.active, { timeout: 20_000 });
    await expect(row(shop)).toContainText(x.covered);
    const added = await served(Number(url.port), shop, root);
    expect(added.authorized).toBe(true);
    expect(added.names).toContain(`DNS:${shop}`);
    await page.context().close();
  });
}
