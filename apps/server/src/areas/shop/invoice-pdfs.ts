import type { InvoiceSummary } from '@haven/contract';
import { notFound } from './shop.errors.ts';
import type { InvoicesStore, InvoiceRow } from './invoices.store.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { dateIn } from './pricing.ts';
import type { ShopStore } from './shop.store.ts';

/**
 * Invoice PDFs are rendered once and kept as issued; one that is missing (a failure right after
 * the payment) is rendered on first download.
 */
export function createInvoicePdfs(deps: { invoices: InvoicesStore; shop: ShopStore }) {
  const { invoices, shop } = deps;

  async function render(invoice: InvoiceRow): Promise<Uint8Array> {
    const settings = await shop.settings();
    const lines = await invoices.lines(invoice.id);
    return renderInvoicePdf({
      number: invoice.number,
      date: dateIn(settings.time_zone, invoice.issued_at),
      language: invoice.language,
      seller: {
        name: settings.seller_name,
        address: settings.seller_address,
        email: settings.seller_email,
        vatId: settings.seller_vat_id,
        coc: settings.seller_coc,
        iban: settings.seller_iban,
      },
      customer: { name: invoice.customer_name, email: invoice.customer_email },
      domain: invoice.domain_name,
      lines: lines.map((l) => ({
        description: l.description,
        periodFrom: l.period_from,
        periodTo: l.period_to,
        amountCents: l.amount_cents,
      })),
      subtotalCents: invoice.subtotal_cents,
      vatCents: invoice.vat_cents,
      vatRateBp: invoice.vat_rate_bp,
      totalCents: invoice.total_cents,
    });
  }

  async function ensureRow(invoice: InvoiceRow): Promise<Uint8Array> {
    const stored = await invoices.pdf(invoice.id);
    if (stored) return stored;
    await invoices.setPdf(invoice.id, await render(invoice));
    return (await invoices.pdf(invoice.id)) as Uint8Array;
  }

  return {
    async ensure(invoiceId: number): Promise<void> {
      const row = await invoices.byId(invoiceId);
      if (row) await ensureRow(row);
    },

    /** A customer's invoice PDF; another customer's number answers 404. */
    async download(
      customerId: number,
      number: string,
    ): Promise<{ pdf: Uint8Array; filename: string }> {
      const invoice = await invoices.ofCustomer(customerId, number);
      if (!invoice) throw notFound();
      return { pdf: await ensureRow(invoice), filename: `factuur-${invoice.number}.pdf` };
    },

    async list(customerId: number): Promise<InvoiceSummary[]> {
      const settings = await shop.settings();
      return (await invoices.listOfCustomer(customerId)).map((i) => ({
        number: i.number,
        date: dateIn(settings.time_zone, i.issued_at),
        domain: i.domain_name,
        subtotal: i.subtotal_cents,
        vat: i.vat_cents,
        total: i.total_cents,
      }));
    },
  };
}
export type InvoicePdfs = ReturnType<typeof createInvoicePdfs>;
