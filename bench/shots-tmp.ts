// Throwaway: screenshots of the paged lists (not committed).
import { chromium } from 'playwright-core';
import { compose } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedLists } from './list-paint.ts';
import { PANEL_DOMAIN, startPanel } from './servers/panel.ts';

const app = await startPanel();
await seedLists(app.dataDir);
const ctx = await compose(
  loadConfig({ HAVEN_DATA_DIR: app.dataDir, HAVEN_SECRET: 'b'.repeat(40), HAVEN_SEED_DEMO: '0', LOG_LEVEL: 'silent' }),
);
const db0 = await ctx.db.selectFrom('customer_databases').select('id').where('name', '=', 'lbench_db0000').executeTakeFirstOrThrow();
await ctx.db
  .insertInto('customer_database_users')
  .values(Array.from({ length: 120 }, (_, i) => ({ database_id: db0.id, name: `lbench_user_with_a_long_name_${i}`, created_at: 1 })))
  .execute();
const dir = await ctx.db.selectFrom('protected_dirs').select('id').orderBy('id').executeTakeFirstOrThrow();
await ctx.db
  .insertInto('protected_dir_users')
  .values(Array.from({ length: 120 }, (_, i) => ({ dir_id: dir.id, name: `member${i}`, password_hash: 'x', created_at: 1 })))
  .execute();
await ctx.close();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const base = `http://127.0.0.1:${app.port}`;
const out = '/tmp/lists-shots';
try {
  for (const lang of ['nl', 'en']) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript({ content: `localStorage.setItem('language', '${lang}')` });
      const page = await context.newPage();
      await page.goto(`${base}/?domain=${PANEL_DOMAIN}`);
      await page.getByLabel(/gebruikersnaam|username/i).fill('beheer');
      await page.getByLabel(/^(wachtwoord|password)/i).first().fill('Bench-Pass-2024!x');
      await page.getByRole('button', { name: /inloggen|log in/i }).click();
      await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
      const shots: [string, string, string][] = [
        ['webusers', 'web-user', 'tbody a'],
        ['databases', 'database', 'li a'],
        ['subdomains', 'subdomain', 'tbody a'],
        ['protdirs', 'protected-directory', 'tbody a'],
        ['protdir-detail', `protected-directory/${dir.id}`, 'tbody a'],
        ['db-detail', 'database/lbench_db0000', 'li a'],
      ];
      for (const [name, path, sel] of shots) {
        await page.goto(`${base}/webhosting/${PANEL_DOMAIN}/${path}`);
        await page.locator(sel).first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${name}-${lang}-${width}.png`, fullPage: true });
        const pager = page.locator('.mantine-Pagination-root').first();
        if (await pager.count()) {
          await pager.locator('..').screenshot({ path: `${out}/pager-${name}-${lang}-${width}.png` });
          await pager.getByRole('button', { name: '2', exact: true }).click();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${out}/page2-${name}-${lang}-${width}.png` });
        }
        if (name === 'webusers') {
          await page.getByRole('searchbox').fill('lw12');
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/webusers-search-${lang}-${width}.png` });
          await page.getByRole('searchbox').fill('nothing');
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/webusers-none-${lang}-${width}.png` });
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
