import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDoneMail, resetMail } from '../src/areas/auth/reset-mail.ts';
import { INVOICE_TEXT } from '../src/areas/shop/invoice-pdf.ts';
import { orderMail } from '../src/areas/shop/order-mail.ts';
import { informalTextsMigration } from '../src/db/migrations/0780-informal-texts.ts';
import { renderTestCheckout } from '../src/platform/payments/test-checkout-page.ts';
import { createTestApp, type TestApp } from './helper.ts';

/*
 * One form of address: the Dutch the customer reads says "je", never "u"/"uw", in the panel, its
 * mails, the invoice, the test checkout and the seeded product texts. "je kunt" is informal too,
 * so verbs are not judged: only the formal pronouns, as whole words.
 */
const FORMAL = /(?<![\p{L}\p{N}_])(u|uw|uzelf)(?![\p{L}\p{N}_])/iu;

/** The formal words in a text, after placeholders (`{{count}}`, `${x}`) and HTML tags are gone. */
function formal(text: string): string[] {
  const plain = text.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}|<[^>]*>/g, ' ');
  return plain
    .split(/(?<=[.!?:;\n])\s+/)
    .filter((sentence) => FORMAL.test(sentence))
    .map((sentence) => sentence.trim());
}

function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

function offenders(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) => formal(text).map((s) => `${where}: ${s}`));
}

describe('the Dutch form of address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds the formal pronouns and leaves informal Dutch alone', () => {
    expect(formal('Heeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren.')).toHaveLength(2);
    expect(formal('Uw bestelling')).toEqual(['Uw bestelling']);
    expect(formal('Je kunt nu inloggen met je nieuwe wachtwoord. {{u}} <u>x</u>')).toEqual([]);
    expect(formal('Bouw zelf je website, tot 20 pagina’s; menu, uur, reünie.')).toEqual([]);
  });

  it('is informal in every Dutch text of the web app', async () => {
    const dir = join(import.meta.dirname, '../../web/src/locales/nl');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    const texts = await Promise.all(
      files.map(async (f) => strings(JSON.parse(await readFile(join(dir, f), 'utf8')), f)),
    );
    expect(offenders(texts.flat())).toEqual([]);
  });

  it('is informal in the mails, the invoice and the test checkout', () => {
    const reset = resetMail('nl', 'a@b.nl', 'a.nl', 'beheer', 'https://panel.test/x');
    const done = resetDoneMail('nl', 'a@b.nl', 'a.nl', 'beheer');
    const order = orderMail({
      to: 'a@b.nl',
      name: 'Eva',
      language: 'nl',
      domain: 'a.nl',
      products: ['Premium hosting'],
      invoiceNumber: '2026-00001',
      totalCents: 2412,
      annualNewCents: 12000,
      periodEnd: '2027-06-01',
      panelUrl: 'https://panel.test/upgrade/a.nl/products',
    });
    const page = renderTestCheckout(
      {
        id: 'tst_00000000000000000000',
        amount_cents: 100,
        description: 'a.nl',
        redirect_url: 'https://panel.test/',
        webhook_url: 'https://panel.test/api/shopping/webhook',
        reference: 'r',
        status: 'open',
        created_at: 0,
        updated_at: 0,
      },
      'nl',
    );
    expect(
      offenders([
        ['reset mail', `${reset.subject}\n${reset.text}`],
        ['reset done mail', `${done.subject}\n${done.text}`],
        ['order mail', `${order.subject}\n${order.text}`],
        ['test checkout', page],
        ...strings(INVOICE_TEXT.nl, 'invoice'),
      ]),
    ).toEqual([]);
  });

  it('is informal in the seeded product texts and notifications, and keeps texts the operator wrote', async () => {
    const db = t.ctx.db;
    const products = await db
      .selectFrom('shop_products')
      .select(['id', 'name_nl', 'description_nl'])
      .execute();
    expect(products.length).toBeGreaterThan(3);
    expect(
      offenders(products.map((p) => [`product ${p.id}`, `${p.name_nl}. ${p.description_nl}`])),
    ).toEqual([]);

    // An installation from before: the demo's welcome and an operator's own text.
    const old = 'Welkom in het nieuwe controlepaneel. Alles wat u hier doet, gebeurt echt.';
    const own = 'Uw eigen tekst: de operator kiest zelf.';
    await db
      .insertInto('notifications')
      .values({ type: 'info', message_nl: old, message_en: 'x', created_at: 0 })
      .execute();
    await db
      .updateTable('shop_products')
      .set({ description_nl: own })
      .where('id', '=', 8)
      .execute();
    await informalTextsMigration.up(db as unknown as Kysely<unknown>, 'sqlite');
    const notes = await db.selectFrom('notifications').select('message_nl').execute();
    expect(offenders(notes.map((n) => ['notification', n.message_nl]))).toEqual([]);
    const eight = await db
      .selectFrom('shop_products')
      .select('description_nl')
      .where('id', '=', 8)
      .executeTakeFirst();
    expect(eight?.description_nl).toBe(own);
  });
});
