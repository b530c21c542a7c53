import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, haven, login, shoot, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    tickets: 'Tickets',
    newTicket: 'Nieuw ticket',
    about: 'Over',
    subject: /^Onderwerp/,
    message: /^Bericht/,
    attachments: 'Bijlagen',
    send: 'Ticket versturen',
    answered: 'Beantwoord',
    reply: 'Reactie versturen',
    close: 'Ticket sluiten',
    closed: 'Dit ticket is gesloten.',
    provider: 'Support',
  },
  en: {
    tickets: 'Tickets',
    newTicket: 'New ticket',
    about: 'About',
    subject: /^Subject/,
    message: /^Message/,
    attachments: 'Attachments',
    send: 'Send ticket',
    answered: 'Answered',
    reply: 'Send reply',
    close: 'Close ticket',
    closed: 'This ticket is closed.',
    provider: 'Support',
  },
} as const;

/** The check of each screen, then its pictures at both widths. */
async function check(page: Page, name: string): Promise<void> {
  await checkScreen(page);
  await shoot(page, name, { axe: true });
}

// One operator API key for the journeys: made with the CLI, used over HTTP as a provider's tool would.
let key = '';
test.beforeAll(() => {
  const out = haven('apikey', 'create', '--name', 'e2e', '--scopes', 'tickets:read,tickets:write');
  key = out.trim().split('\n').pop() ?? '';
});

for (const lang of ['nl', 'en'] as const) {
  test(`tickets: open with an attachment, the answer arrives, reply, close (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    await page.goto('/helpdesk/ticket');
    await expect(page.getByRole('heading', { level: 1, name: x.tickets })).toBeVisible();
    await page.getByRole('link', { name: x.newTicket }).click();
    await page.getByRole('textbox', { name: x.about }).click();
    await page.getByRole('option', { name: c.domain }).click();
    await page.getByRole('textbox', { name: x.subject }).fill('Site traag');
    await page.getByRole('textbox', { name: x.message }).fill('<b>vet</b> <script>x()</script>');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'log.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('GET / 504\n'),
    });
    await check(page, `ticket-new-${lang}`);
    await page.getByRole('button', { name: x.send }).click();
    await expect(page).toHaveURL(/\/helpdesk\/ticket\/\d+$/);
    const id = /(\d+)$/.exec(page.url())?.[1] ?? '';
    // HTML in a message is shown as the text typed.
    await expect(page.getByText('<b>vet</b> <script>x()</script>')).toBeVisible();
    await expect(page.getByRole('button', { name: 'log.txt' })).toBeVisible();

    const answer = await page.request.post(`/api/operator/tickets/${id}/answer`, {
      headers: { authorization: `Bearer ${key}` },
      data: { message: 'We hebben de cache geleegd.' },
    });
    expect(answer.status()).toBe(200);
    await page.reload();
    await expect(page.getByText('We hebben de cache geleegd.')).toBeVisible();
    await expect(page.getByText(x.answered, { exact: true })).toBeVisible();
    await check(page, `ticket-detail-${lang}`);

    await page.getByRole('textbox', { name: x.message }).fill('Dank je, het werkt weer.');
    await page.getByRole('button', { name: x.reply }).click();
    await expect(page.getByText('Dank je, het werkt weer.')).toBeVisible();
    await page.getByRole('button', { name: x.close }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: x.close }).click();
    await expect(page.getByText(x.closed)).toBeVisible();

    await page.goto('/helpdesk/ticket');
    await expect(page.getByRole('link', { name: `#${id} Site traag` })).toBeVisible();
    await check(page, `ticket-list-${lang}`);
  });
}
