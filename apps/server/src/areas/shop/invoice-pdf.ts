import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatEuro, formatRate, formatShortDay } from './shop-format.ts';
import { wrap } from './wrap-text.ts';

export interface InvoiceDocument {
  number: string;
  date: string;
  language: 'nl' | 'en';
  seller: {
    name: string;
    address: string;
    email: string;
    vatId: string;
    coc: string;
    iban: string;
  };
  customer: { name: string; email: string };
  domain: string;
  lines: { description: string; periodFrom: string; periodTo: string; amountCents: number }[];
  subtotalCents: number;
  vatCents: number;
  vatRateBp: number;
  totalCents: number;
}

export const INVOICE_TEXT = {
  nl: {
    invoice: 'Factuur',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    domain: 'Domein',
    description: 'Omschrijving',
    period: 'Periode',
    amount: 'Bedrag',
    subtotal: 'Subtotaal',
    vat: 'Btw',
    total: 'Totaal',
    paid: 'Deze factuur is voldaan met je online betaling.',
    basis: 'Bedragen voor de rest van de lopende periode; bij een upgrade het verschil.',
    coc: 'KvK',
    vatId: 'Btw-nummer',
    iban: 'IBAN',
    to: 't/m',
  },
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    domain: 'Domain',
    description: 'Description',
    period: 'Period',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: 'VAT',
    total: 'Total',
    paid: 'This invoice has been paid with your online payment.',
    basis: 'Amounts for the rest of the running period; for an upgrade the difference.',
    coc: 'CoC',
    vatId: 'VAT number',
    iban: 'IBAN',
    to: 'to',
  },
} as const;

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Letters that have no accent to drop but a plain look-alike. */
const PLAIN: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  ŀ: 'l',
  Ŀ: 'L',
};

/** The standard PDF fonts only know WinAnsi: other characters lose their accent or become '?'. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\t]/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.includes(ch)
    )
      out += ch;
    else {
      const base = PLAIN[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** Renders an invoice as an A4 PDF with the standard Helvetica fonts (no font files needed). */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const t = INVOICE_TEXT[doc.language];
  // Amounts and days as the customer's language writes them, as on the panel's screens.
  const euro = (cents: number) => formatEuro(cents, doc.language);
  const day = (ymd: string) => formatShortDay(ymd, doc.language);
  // Loaded with the first invoice, not at start: most panel processes never render one.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.invoice} ${doc.number}`);
  pdf.setAuthor(pdfSafe(doc.seller.name));
  pdf.setCreationDate(new Date(`${doc.date}T12:00:00Z`));
  pdf.setModificationDate(new Date(`${doc.date}T12:00:00Z`));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  const text = (
    p: PDFPage,
    s: string,
    x: number,
    y: number,
    size = 10,
    font: PDFFont = regular,
    right = false,
  ) => {
    const safe = pdfSafe(s);
    const at = right ? x - font.widthOfTextAtSize(safe, size) : x;
    p.drawText(safe, {
      x: at,
      y,
      size,
      font,
      color: font === bold ? rgb(0, 0, 0) : rgb(0.1, 0.1, 0.1),
    });
  };

  text(page, doc.seller.name, 50, 790, 16, bold);
  doc.seller.address.split('\n').forEach((line, i) => text(page, line, 50, 770 - i * 13));
  text(page, doc.seller.email, 50, 770 - doc.seller.address.split('\n').length * 13);

  text(page, t.invoice, 545, 790, 22, bold, true);
  const meta: [string, string][] = [
    [t.number, doc.number],
    [t.date, day(doc.date)],
    [t.domain, doc.domain],
  ];
  meta.forEach(([k, v], i) => {
    text(page, `${k}:`, 360, 740 - i * 14, 10, bold);
    text(page, v, 545, 740 - i * 14, 10, regular, true);
  });

  text(page, doc.customer.name, 50, 680, 11, bold);
  text(page, doc.customer.email, 50, 666);

  let y = 620;
  text(page, t.description, 50, y, 10, bold);
  text(page, t.period, 300, y, 10, bold);
  text(page, t.amount, 545, y, 10, bold, true);
  page.drawLine({
    start: { x: 50, y: y - 6 },
    end: { x: 545, y: y - 6 },
    thickness: 0.7,
    color: grey,
  });
  y -= 22;
  for (const line of doc.lines) {
    text(page, `${day(line.periodFrom)} ${t.to} ${day(line.periodTo)}`, 300, y);
    text(page, euro(line.amountCents), 545, y, 10, regular, true);
    // A long description (an upgrade names both products) wraps in its column.
    for (const part of wrap(pdfSafe(line.description), 240, (w) =>
      regular.widthOfTextAtSize(w, 10),
    )) {
      text(page, part, 50, y);
      y -= 13;
    }
    y -= 3;
  }
  page.drawLine({
    start: { x: 300, y: y + 4 },
    end: { x: 545, y: y + 4 },
    thickness: 0.7,
    color: grey,
  });
  y -= 12;
  const rate = formatRate(doc.vatRateBp, doc.language);
  const totals: [string, number, PDFFont][] = [
    [t.subtotal, doc.subtotalCents, regular],
    [`${t.vat} ${rate}`, doc.vatCents, regular],
    [t.total, doc.totalCents, bold],
  ];
  for (const [label, cents, font] of totals) {
    text(page, label, 300, y, 10, font);
    text(page, euro(cents), 545, y, 10, font, true);
    y -= 16;
  }
  text(page, t.basis, 50, y - 20, 9);
  text(page, t.paid, 50, y - 34);

  const footer = `${doc.seller.name} | ${t.coc} ${doc.seller.coc} | ${t.vatId} ${doc.seller.vatId} | ${t.iban} ${doc.seller.iban}`;
  text(page, footer, 50, 40, 8);
  return pdf.save({ useObjectStreams: false });
}
