import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkScreen, createCustomer, login, screen } from '../fixtures.ts';
import { expect, hasNginx, panelPage, skipWhenMissing, test } from '../hosting-panel.ts';
import { nodePorts } from '../node-ports.ts';
import { sendMail } from '../smtp-send.ts';
import { createInfoMailbox } from './mail-support.ts';

/**
 * Issue #23: "open webmail and see the inbox". The panel with its hosting node on
 * (e2e/hosting-panel.ts) serves Roundcube; the Webmail screen opens it in a new tab signed in
 * to the chosen mailbox, where the message delivered to it is listed. Roundcube's own page is
 * Debian's, not ours to check with axe; the panel's screen is.
 */
const TEXT = {
  nl: {
    title: 'Webmail',
    open: (a: string) => `Open webmail voor ${a}`,
    locale: 'nl-NL',
    training: 'Spamtraining',
    check: (s: string) => `Selecteer ${s}`,
    markSpam: 'Markeer als spam',
    trainedSpam: 'Getraind als spam',
  },
  en: {
    title: 'Webmail',
    open: (a: string) => `Open webmail for ${a}`,
    locale: 'en-US',
    training: 'Spam training',
    check: (s: string) => `Select ${s}`,
    markSpam: 'Mark as spam',
    trainedSpam: 'Trained as spam',
  },
} as const;

/** Enough words for rspamd's classifier to learn from (it skips very short messages). */
const SPAMMY =
  'Cheap watches and pills, buy now at our online shop, limited offer, click here today to ' +
  'win money fast, free shipping on every order, best prices guaranteed, act now.';

const hasRoundcube = existsSync('/usr/share/roundcube/index.php');
test.skip(
  !hasNginx ||
    skipWhenMissing('webmail journey', [
      !hasRoundcube && 'roundcube-core',
      process.getuid?.() !== 0 && 'root',
    ]),
  'needs root, nginx, Postfix, Dovecot and roundcube-core: the node serves the webmail',
);

const journeys = [
  { lang: 'nl', width: 1280, height: 800 },
  { lang: 'en', width: 360, height: 760 },
] as const;

for (const { lang, width, height } of journeys) {
  test(`webmail: opened from the panel, signed in to the inbox (${lang}, ${width} px)`, async ({
    browser,
    hostingPanel: panel,
  }) => {
    test.setTimeout(180_000);
    const x = TEXT[lang];
    const c = createCustomer({ dataDir: panel.dataDir });
    const page = await panelPage(browser, panel, lang, { width, height, locale: x.locale });
    await login(page, c);
    await createInfoMailbox(page, c.domain);
    const address = `info@${c.domain}`;
    const subject = `Welkom in je webmail ${lang}`;
    const node = nodePorts(panel.port);
    // rspamd's controller is the third of its ports (hosting-node/local-node.ts).
    const ports = {
      smtp: Number(node.HAVEN_SMTP_PORT),
      controller: Number(node.HAVEN_RSPAMD_PORT) + 2,
    };
    await sendMail(ports.smtp, address, subject);
    const inbox = join(panel.dataDir, 'mail', 'boxes', c.domain, 'info', 'Maildir', 'new');
    await expect
      .poll(async () => (await readdir(inbox).catch(() => [])).length, { timeout: 30_000 })
      .toBeGreaterThan(0);

    await page.goto(`/mail/${c.domain}/webmail`);
    await expect(page.getByRole('heading', { name: x.title, level: 1 })).toBeVisible();
    const open = page.getByRole('button', { name: x.open(address) });
    await expect(open).toBeEnabled();
    await checkScreen(page);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.waitForURL(/_task=mail/, { timeout: 30_000 });
    // The token was in the first address only.
    expect(tab.url()).not.toContain('_haven_sso');
    await expect(tab.getByText(subject)).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByText(address).first()).toBeAttached();
    await screen(tab, `webmail-roundcube-${lang}-${width}`);
    await tab.close();

    // "Mark a message as spam" on the node's rspamd (Postfix's milter): the filter learns it.
    const spam = `Goedkope horloges ${lang}`;
    await sendMail(ports.smtp, address, spam, SPAMMY);
    // Roundcube has moved the first one to cur/; the filter may put this one in Junk.
    const maildir = join(inbox, '..');
    const delivered = async () =>
      (
        await Promise.all(
          ['new', 'cur', '.Junk/new', '.Junk/cur'].map((d) =>
            readdir(join(maildir, d)).catch(() => []),
          ),
        )
      ).flat().length;
    await expect.poll(delivered, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${ports.controller}/ping`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    await page.goto(`/mail/${c.domain}/address/info`);
    const section = page.getByRole('region', { name: x.training });
    await section.getByRole('checkbox', { name: x.check(spam) }).check();
    await section.getByRole('button', { name: x.markSpam }).click();
    await expect(section.getByText(x.trainedSpam)).toBeVisible();
    await expect(section.getByText('Spam: 1')).toBeVisible();
    await checkScreen(page);
    await screen(page, `webmail-training-${lang}-${width}`);
    await page.context().close();
  });
}
