import type { Locator, Page } from '@playwright/test';
import {
  createCustomer,
  expect,
  expectAccessible,
  haven,
  login,
  resize,
  screen,
  settle,
  test,
} from '../fixtures.ts';

/** One API call with the page's own login, as a screen would make it. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const { status, json } = await page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('user-token') ?? '';
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as unknown };
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
  return json;
}

/**
 * Text cut off: an element with text whose content is wider (or taller) than its box while the
 * box hides the rest. Scroll areas that scroll are not clipping.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((el) => {
        if (!el.textContent?.trim() || el.closest('.cm-editor, [aria-hidden="true"]')) return false;
        const style = getComputedStyle(el);
        // A layout's hidden copy that measures its tabs is not text anyone sees.
        if (style.visibility === 'hidden') return false;
        const hides = (v: string) => v === 'hidden' || v === 'clip';
        const wide = hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const tall = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
        return (wide || tall) && el.getBoundingClientRect().width > 0;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim()}`),
  );
}

/** WCAG contrast of an element's text colour against the first opaque background behind it. */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg: Element | null = el;
    while (bg && rgb(getComputedStyle(bg).backgroundColor)[3] === 0) bg = bg.parentElement;
    const back = lum(rgb(bg ? getComputedStyle(bg).backgroundColor : 'rgb(255,255,255)'));
    const fore = lum(rgb(getComputedStyle(el).color));
    return (Math.max(back, fore) + 0.05) / (Math.min(back, fore) + 0.05);
  });
}

/** At 360 and 1280 px, in Dutch and English: nothing clipped, axe finds nothing serious. */
async function check(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const lang of ['nl', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await resize(page, width, height);
      await page.reload();
      await ready();
      await settle(page, { x: width - 5, y: height - 5 });
      expect.soft(await clipped(page), `${name} ${lang} ${width}`).toEqual([]);
      await expectAccessible(page).catch((e: unknown) =>
        expect.soft(String(e), `axe ${name} ${lang} ${width}`).toBe(''),
      );
      await screen(page, `${name}-${lang}-${width}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'nl'));
  await resize(page, 1280, 800);
}

test('at 360 px nothing is clipped and every text has its contrast', async ({ page }) => {
  const c = createCustomer({ premium: true });
  await login(page, c);
  const d = c.domain;
  const { ticket } = (await call(page, 'POST', '/api/helpdesk/ticket', {
    about: { domain: d, kind: 'domain', name: '' },
    category: 'question',
    subject: 'De website laadt traag sinds de verhuizing naar het nieuwe pakket',
    message: 'Sinds gisteren duurt het laden van de voorpagina meer dan tien seconden.',
  })) as { ticket: { id: number } };
  await call(page, 'POST', `/api/${d}/mail/account/address`, {
    name: 'informatie-en-bestellingen',
    password: 'Haven-Mailbox-77!x',
    passwordRepeat: 'Haven-Mailbox-77!x',
    forwarding: { address: [] },
    alias: [],
  });
  const fm = `/api/${d}/webhosting/filemanager`;
  await call(page, 'POST', `${fm}/file`, { path: '/httpdocs', name: 'wide.php' });
  const long = `<?php\n// ${'een heel lange regel zonder einde '.repeat(12)}\necho "ok";\n`;
  await call(page, 'POST', `${fm}/save`, {
    path: '/httpdocs/wide.php',
    content: long,
    force: true,
  });

  const h1 = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  haven('ticket:answer', '--id', String(ticket.id), '--message', 'We kijken ernaar.');
  await page.goto(`/helpdesk/ticket/${ticket.id}`);
  await check(page, 'ticket-detail', h1);
  await page.goto('/helpdesk/ticket');
  await check(page, 'ticket-list', h1);
  await page.goto(`/mail/${d}/address/informatie-en-bestellingen`);
  await check(page, 'mailbox-detail', h1);
  // The webmail answers as configured (this run has no mail services): its button is the subject.
  await page.route('**/mail/webmail', (r) => r.fulfill({ json: { configured: true } }));
  await page.goto(`/mail/${d}/webmail?mailbox=informatie-en-bestellingen`);
  await check(page, 'webmail', h1);
  await page.unroute('**/mail/webmail');
  await page.goto(`/upgrade/${d}`);
  await h1();
  const steps = await page
    .locator(`main a[href^="/upgrade/${d}/step/"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(steps.length).toBeGreaterThan(0);
  for (const href of new Set(steps)) {
    await page.goto(href);
    await check(page, `upgrade-${href.split('/').at(-1) ?? ''}`, h1);
  }

  // "You already have this for this domain" was 3.94:1 (teal.6 on white); axe above checks all text.
  await page.goto(`/upgrade/${d}/step/hosting`);
  const ratio = await contrastOf(page.getByText('Dit heb je al voor dit domein.'));
  console.log(`owned hint contrast ${ratio.toFixed(2)}:1`);
  expect(ratio).toBeGreaterThanOrEqual(4.5);

  // The editor's scroll area is reached with Tab, so a keyboard can scroll a long line.
  await page.goto(`/webhosting/${d}/filemanager/edit/httpdocs/wide.php`);
  await check(page, 'file-editor', async () => {
    await expect(page.locator('.cm-line').first()).toBeVisible();
  });
  const scroller = page.locator('.cm-scroller');
  expect(await scroller.getAttribute('tabindex')).toBe('0');
});
