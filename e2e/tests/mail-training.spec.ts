import { chown, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../env.ts';
import { checkScreen, createCustomer, expect, login, resize, screen, test } from '../fixtures.ts';
import { createInfoMailbox } from './mail-support.ts';

const TEXT = {
  nl: {
    training: 'Spamtraining',
    trainedNone: 'Niet getraind',
    noFilter: /spamfilter kan op dit moment niet leren/,
    markSpam: 'Markeer als spam',
    webmail: 'Webmail',
    noWebmail: 'Geen webmail beschikbaar',
  },
  en: {
    training: 'Spam training',
    trainedNone: 'Not trained',
    noFilter: /spam filter cannot learn right now/,
    markSpam: 'Mark as spam',
    webmail: 'Webmail',
    noWebmail: 'No webmail available',
  },
} as const;

/** A mailbox made over the API, with one message the filter scored in its spam folder. */
async function mailboxWithSpam(page: Page, domain: string): Promise<void> {
  await createInfoMailbox(page, domain);
  // As Dovecot delivers it: a Maildir file with rspamd's header (the e2e server runs no rspamd).
  const maildir = join(E2E_DATA_DIR ?? '', 'mail', 'boxes', domain, 'info', 'Maildir');
  await mkdir(join(maildir, '.Junk', 'new'), { recursive: true });
  await mkdir(join(maildir, '.Junk', 'cur'), { recursive: true });
  const file = join(maildir, '.Junk', 'new', `${Math.floor(Date.now() / 1000)}.M1P1.e2e`);
  await writeFile(
    file,
    'From: Deals <deals@shop.test>\r\nSubject: Cheap watches\r\n' +
      'Date: Tue, 24 Nov 2026 10:00:00 +0000\r\nX-Spam-Status: Yes, score=9.80\r\n\r\nBuy now.\r\n',
  );
  if (process.getuid?.() === 0) await chown(file, 8, 8).catch(() => undefined);
}

const journeys = [
  { lang: 'nl', width: 1280, height: 800 },
  { lang: 'en', width: 360, height: 760 },
] as const;

for (const { lang, width, height } of journeys) {
  test(`mail: spam training list and the webmail notice (${lang}, ${width} px)`, async ({
    page,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    await mailboxWithSpam(page, c.domain);
    await resize(page, width, height);

    await page.goto(`/mail/${c.domain}/address/info`);
    const section = page.getByRole('region', { name: x.training });
    await expect(section.getByText('Cheap watches')).toBeVisible();
    await expect(section.getByText(lang === 'nl' ? 'Score 9,80' : 'Score 9.80')).toBeVisible();
    await expect(section.getByText(x.trainedNone)).toBeVisible();
    // No rspamd in the e2e server: the list shows, marking is off and says why.
    await expect(section.getByText(x.noFilter)).toBeVisible();
    await section.getByRole('checkbox').first().check();
    await expect(section.getByRole('button', { name: x.markSpam })).toBeDisabled();
    await section.scrollIntoViewIfNeeded();
    await checkScreen(page);
    await screen(page, `mail-training-${lang}-${width}`);

    // The mailbox's Webmail button: no webmail is configured for the e2e server.
    await page.getByRole('link', { name: x.webmail }).first().click();
    await expect(page).toHaveURL(new RegExp(`/mail/${c.domain}/webmail\\?mailbox=info$`));
    await expect(page.getByText(x.noWebmail)).toBeVisible();
    await checkScreen(page);
    await screen(page, `mail-webmail-${lang}-${width}`);
  });
}
