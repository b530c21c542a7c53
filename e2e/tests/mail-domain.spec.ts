import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from '../fixtures.ts';
import { addToList, aliases, JOURNEYS, picture, start, type Text } from './mail-support.ts';

/**
 * The customer's own DNS changes, made through the API (the DNS screens are another journey's):
 * the SPF record deleted, the DMARC policy replaced by one of their own.
 */
async function ownDnsChanges(page: Page, domain: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const headers = { Authorization: `Bearer ${token}` };
  const base = `/api/${domain}/webhosting/dns`;
  const { records } = (await (await page.request.get(base, { headers })).json()) as {
    records: { id: number; record: string; host: string; value: string }[];
  };
  const spf = records.find((r) => r.record === 'TXT' && r.value.startsWith('v=spf1'));
  const dmarc = records.find((r) => r.host === '_dmarc');
  expect((await page.request.delete(`${base}/${spf?.id}`, { headers })).status()).toBe(200);
  const own = { record: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=reject' };
  const changed = await page.request.post(`${base}/${dmarc?.id}`, { headers, data: own });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** A group of two members, a forward and the catch-all; the settings show the DNS records. */
async function groupForwardCatchAll(
  page: Page,
  x: Text,
  domain: string,
  shots: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(`/mail/${domain}/group/add`);
  await page.getByRole('textbox', { name: x.name }).fill('team');
  await addToList(page, x.members, ['eva@example.org', 'collega@example.org']);
  await checkScreen(page);
  await shots('mail-group-add');
  await page.getByRole('button', { name: x.create }).click();
  const groups = page.getByRole('list', { name: x.groups });
  await expect(groups.getByRole('listitem')).toContainText(x.twoMembers);
  await checkScreen(page);
  await expect.poll(aliases).toMatch(new RegExp(`team@${domain} .*collega@example\\.org`));

  await page.goto(`/mail/${domain}/forward/add`);
  await page.getByRole('textbox', { name: x.from }).fill('shop');
  await page.getByRole('textbox', { name: x.to }).fill('eigenaar@example.org');
  await checkScreen(page);
  await page.getByRole('button', { name: x.create }).click();
  await expect(page.getByText(x.inUse)).toBeVisible();
  await checkScreen(page);
  await shots('mail-forwards');
  await expect.poll(aliases).toContain(`shop@${domain} eigenaar@example.org`);

  // The settings show the DNS records mail needs: the missing SPF is put in place, the
  // customer's own DMARC policy stays (shown as different).
  await ownDnsChanges(page, domain);
  await page.goto(`/mail/${domain}/settings`);
  const row = (purpose: string) => page.getByTestId(`mail-dns-${purpose}`);
  await expect(row('spf')).toContainText(x.missing);
  await expect(row('dmarc')).toContainText(x.different);
  await expect(row('dmarc')).toContainText('v=DMARC1; p=reject');
  await page.getByRole('button', { name: x.complete }).click();
  await expect(row('spf')).toContainText(x.present);
  await expect(row('dmarc')).toContainText(x.different);
  await page.getByRole('radio', { name: x.catchAll }).check();
  await page.getByRole('textbox', { name: x.catchAllAddress }).fill('eva@example.org');
  await checkScreen(page);
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();
  await expect.poll(aliases).toContain(`@${domain} eva@example.org`);
  await shots('mail-settings');
}

for (const journey of JOURNEYS) {
  const { lang, phone } = journey;
  test(`mail: a group, a forward and the catch-all; the DNS records mail needs (${journey.where})`, async ({
    page,
  }) => {
    const c = await start(page, journey);
    await groupForwardCatchAll(page, c.x, c.domain, (name) =>
      phone || name === 'mail-settings'
        ? picture(page, `${name}-${lang}`, phone)
        : Promise.resolve(),
    );
  });
}
