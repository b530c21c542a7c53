import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';
import { orderMail } from './order-mail.ts';
import { formatDay, formatEuro, formatRate, formatShortDay } from './shop-format.ts';

const NBSP = '\u00a0';

describe('shop formats', () => {
  it('says money as the language writes it', () => {
    expect(formatEuro(1250, 'nl')).toBe(`€${NBSP}12,50`);
    expect(formatEuro(1250, 'en')).toBe('€12.50');
    expect(formatEuro(123456789, 'nl')).toBe(`€${NBSP}1.234.567,89`);
    expect(formatEuro(123456789, 'en')).toBe('€1,234,567.89');
    expect(formatEuro(0, 'nl')).toBe(`€${NBSP}0,00`);
    expect(formatEuro(-550, 'en')).toBe('-€5.50');
  });

  it('says rates and days as the language writes them', () => {
    expect([formatRate(2100, 'nl'), formatRate(950, 'nl'), formatRate(950, 'en')]).toEqual([
      '21%',
      '9,5%',
      '9.5%',
    ]);
    expect([formatShortDay('2026-03-05', 'nl'), formatShortDay('2026-03-05', 'en')]).toEqual([
      '05-03-2026',
      '05/03/2026',
    ]);
    expect([formatDay('2026-03-05', 'nl'), formatDay('2026-03-05', 'en')]).toEqual([
      '5 maart 2026',
      '5 March 2026',
    ]);
  });
});

describe('the order mail', () => {
  const input = {
    to: 'eva@a.nl',
    name: 'Eva',
    domain: 'a.nl',
    products: ['Premium hosting'],
    invoiceNumber: '2026-00001',
    totalCents: 123450,
    annualNewCents: 5808,
    periodEnd: '2026-06-01',
    panelUrl: 'http://panel.test/upgrade/a.nl/products',
  };

  it('gives amounts and the end of the period in Dutch', () => {
    const text = orderMail({ ...input, language: 'nl' }).text;
    expect(text).toContain(`Je hebt €${NBSP}1.234,50 inclusief btw betaald`);
    expect(text).toContain(`tot 1 juni 2026`);
    expect(text).toContain(`je jaartarief €${NBSP}58,08 inclusief btw`);
  });

  it('gives amounts and the end of the period in English', () => {
    const text = orderMail({ ...input, language: 'en' }).text;
    expect(text).toContain('You paid €1,234.50 including VAT');
    expect(text).toContain('until 1 June 2026');
    expect(text).toContain('your annual rate is €58.08 including VAT');
  });
});

describe('the invoice PDF', () => {
  const doc: InvoiceDocument = {
    number: '2026-00001',
    date: '2026-03-05',
    language: 'nl',
    seller: {
      name: 'Haven',
      address: 'Straat 1',
      email: 's@h.nl',
      vatId: 'V',
      coc: 'C',
      iban: 'I',
    },
    customer: { name: 'Eva', email: 'eva@a.nl' },
    domain: 'a.nl',
    lines: [
      {
        description: 'Premium',
        periodFrom: '2026-03-05',
        periodTo: '2027-03-04',
        amountCents: 123456,
      },
    ],
    subtotalCents: 123456,
    vatCents: 25926,
    vatRateBp: 2100,
    totalCents: 149382,
  };

  it('writes amounts, days and the rate in the Dutch form', async () => {
    const text = await pdfText(await renderInvoicePdf(doc));
    expect(text).toEqual(
      expect.arrayContaining([
        '05-03-2026',
        '05-03-2026 t/m 04-03-2027',
        `€${NBSP}1.234,56`,
        'Btw 21%',
        `€${NBSP}259,26`,
        `€${NBSP}1.493,82`,
      ]),
    );
  });

  it('writes them in the English form for an English customer', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...doc, language: 'en' }));
    expect(text).toEqual(
      expect.arrayContaining([
        '05/03/2026',
        '05/03/2026 to 04/03/2027',
        '€1,234.56',
        'VAT 21%',
        '€259.26',
        '€1,493.82',
      ]),
    );
  });
});

/** The strings drawn on the PDF's pages (pdf-lib writes each as a hex string in a flate stream). */
function pdfText(bytes: Uint8Array): Promise<string[]> {
  const out: string[] = [];
  for (const m of Buffer.from(bytes)
    .toString('latin1')
    .matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body = Buffer.from(m[1] ?? '', 'latin1');
    try {
      body = inflateSync(body);
    } catch {
      // An uncompressed stream (the fonts' dictionaries): read as it is.
    }
    for (const h of body.toString('latin1').matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      // WinAnsi: 0x80 is the euro sign, the rest Latin-1.
      out.push(
        Buffer.from(h[1] ?? '', 'hex')
          .toString('latin1')
          .replaceAll('\x80', '€'),
      );
  }
  return Promise.resolve(out);
}
