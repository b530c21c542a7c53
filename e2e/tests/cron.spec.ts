import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, shoot, test } from '../fixtures.ts';

/**
 * The job runs at 00:30 in the server's zone (this machine's: the e2e server runs here); the
 * screen says it in the browser's (playwright.config.ts: Europe/Amsterdam), as its next runs.
 */
function halfPastMidnight(): string {
  const next = new Date();
  next.setHours(24, 30, 0, 0);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(next);
}

const TEXT = {
  nl: {
    title: 'Cronjobs',
    add: 'Cronjob toevoegen',
    runWith: 'Uitvoeren met',
    command: 'Een commando',
    name: 'Naam',
    commandField: 'Commando',
    quick: 'Snel schema',
    daily: 'Elke dag',
    minute: 'Minuut',
    specific: 'Bepaalde waarden',
    values: /^Welke waarden/,
    words: new RegExp(`^Om ${halfPastMidnight()}`),
    pause: 'Pauzeren',
    resume: 'Hervatten',
    paused: 'Gepauzeerd',
    noNextRuns: 'Geen volgende keren: deze job is gepauzeerd.',
    runNow: 'Nu uitvoeren',
    ok: 'Klaar',
    history: 'Geschiedenis',
  },
  en: {
    title: 'Cron jobs',
    add: 'Add cron job',
    runWith: 'Run with',
    command: 'A command',
    name: 'Name',
    commandField: 'Command',
    quick: 'Quick schedule',
    daily: 'Every day',
    minute: 'Minute',
    specific: 'Specific values',
    values: /^Which values/,
    words: new RegExp(`^At ${halfPastMidnight()}`),
    pause: 'Pause',
    resume: 'Resume',
    paused: 'Paused',
    noNextRuns: 'No next runs: this job is paused.',
    runNow: 'Run now',
    ok: 'Finished',
    history: 'Run history',
  },
} as const;

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['nl', 'en'] as const) {
  test(`cron: plan a job with %, see its words and next runs, pause, resume, run now (${lang})`, async ({
    page,
  }) => {
    // Two widths, axe on each screen and a real run: slow on a busy 2-core machine.
    test.setTimeout(300_000);
    const x = TEXT[lang];
    const c = createCustomer({ premium: true });
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    // The FTP user the jobs run as, made through the panel's own API.
    const ftp = `cron${lang}${Date.now().toString(36).slice(-4)}`;
    const made = await page.evaluate(
      async ({ domain, name }) => {
        const res = await fetch(`/api/${domain}/webhosting/webuser`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${localStorage.getItem('user-token') ?? ''}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ name, password: 'Cron-webuser-pw-1!' }),
        });
        return res.status;
      },
      { domain: c.domain, name: ftp },
    );
    expect(made).toBe(200);

    await page.goto(`/webhosting/${c.domain}/cronjob`);
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    await checkScreen(page);
    await page.getByRole('link', { name: x.add }).click();

    await choose(page, x.runWith, x.command);
    await page.getByRole('textbox', { name: x.name }).fill('Nachtelijke taak');
    // `%` is taken as typed (cron's `%` newline never applies: the command is not on the line).
    await page
      .getByRole('textbox', { name: x.commandField })
      .fill('date +%s > stamp; echo "cron-e2e-ok $(date +%Y)"');
    await choose(page, x.quick, x.daily);
    await choose(page, x.minute, x.specific);
    await page.getByRole('textbox', { name: x.values }).first().fill('30');
    const preview = page.getByTestId('schedule-preview');
    await expect(preview.getByText(x.words)).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    await checkScreen(page);
    await shoot(page, `cron-add-${lang}`);
    await page.getByRole('button', { name: x.add }).click();

    const job = page.getByRole('listitem').filter({ hasText: 'Nachtelijke taak' });
    await expect(job.getByText(x.words)).toBeVisible();
    await job.getByRole('button', { name: x.pause }).click();
    await expect(job.getByText(x.paused, { exact: true })).toBeVisible();
    await job.getByRole('button', { name: x.resume }).click();
    await expect(job.getByText(x.paused, { exact: true })).toHaveCount(0);
    await checkScreen(page);
    await shoot(page, `cron-list-${lang}`);

    await job.getByRole('link', { name: 'Nachtelijke taak' }).click();
    await page.getByRole('button', { name: x.runNow }).click();
    const run = page.getByTestId('cron-run').first();
    const year = String(new Date().getFullYear());
    await expect(run.getByText(`cron-e2e-ok ${year}`)).toBeVisible({ timeout: 60_000 });
    await expect(run.getByText(x.ok, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.history })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    await checkScreen(page);
    await shoot(page, `cron-detail-${lang}`);

    // Paused: the planner's preview says so and lists no next runs.
    await page.getByRole('button', { name: x.pause }).click();
    await expect(preview.getByText(x.noNextRuns)).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(0);
    await checkScreen(page);
    await shoot(page, `cron-detail-paused-${lang}`);
  });
}
