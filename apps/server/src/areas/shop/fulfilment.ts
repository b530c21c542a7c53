import { ownedClosure } from '@haven/contract';
import type { ShopDb } from './shop.tables.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { Mailer } from '../../platform/mailer/mailer.port.ts';
import { buildView } from './catalogue.ts';
import { grantsFor } from './grants.ts';
import type { InvoicesStore } from './invoices.store.ts';
import type { InvoicePdfs } from './invoice-pdfs.ts';
import { lineText } from './line-text.ts';
import { orderMail } from './order-mail.ts';
import { dateIn, formatYmd, parseYmd, type CartLine } from './pricing.ts';
import type { ShopStore } from './shop.store.ts';
import type { TransactionRow, TransactionsStore } from './transactions.store.ts';

export interface FulfilmentDeps {
  db: ShopDb;
  shop: ShopStore;
  transactions: TransactionsStore;
  invoices: InvoicesStore;
  pdfs: InvoicePdfs;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /**
   * The spam filter product's effect outside the shop: the DNS area switches the domain to the
   * filter's MX records and locks them. Passed in by areas/registry.ts (the shop imports no area).
   */
  spamfilterOn?: (domainId: number) => Promise<void>;
  /** The customer's mailing preference "invoices and collection" (the helpdesk's); on when absent. */
  invoiceMailAllowed?: (customerId: number) => Promise<boolean>;
  /** Called once a fulfilment that changed the domain committed (core's `domainsChanged`). */
  domainChanged?: () => void;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

function dayBefore(ymd: string): string {
  const d = parseYmd(ymd);
  const prev = new Date(Date.UTC(d.y, d.m - 1, d.d - 1));
  return formatYmd({ y: prev.getUTCFullYear(), m: prev.getUTCMonth() + 1, d: prev.getUTCDate() });
}

/**
 * A paid transaction is fulfilled exactly once: the move to `paid` is a compare-and-set inside
 * the same database transaction as the domain change and the invoice, so a webhook delivered
 * twice, a reloaded return page or two instances racing cannot fulfil it twice, and a crash
 * leaves either all of it or none.
 */
export function createFulfilment(deps: FulfilmentDeps) {
  const { db, shop, transactions, invoices, clock } = deps;

  async function fulfilOnce(
    tx: TransactionRow,
  ): Promise<{ invoiceId: number; products: number[]; spamfilter: boolean } | null> {
    return db.transaction().execute(async (trx) => {
      const now = clock.now();
      const won = await transactions.transition(
        tx.id,
        ['open', 'expired', 'failed', 'canceled'],
        'paid',
        now,
        { paid_at: now },
        trx,
      );
      if (!won) return null;
      const domain = await shop.domain(tx.domain_id, trx);
      if (!domain) throw new Error(`domain ${tx.domain_id} of transaction ${tx.uuid} is gone`);
      const settings = await shop.settings(trx);
      const rows = await shop.products(trx);
      const view = buildView(domain, rows, settings, now);
      const cart = JSON.parse(tx.cart) as number[];
      // Paid for something the domain got meanwhile (an operator change): keep the money's trail.
      const owned = ownedClosure(view.ctx);
      const grant = cart.filter((id) => !owned.has(id));
      const note =
        grant.length < cart.length
          ? `already owned: ${cart.filter((id) => owned.has(id)).join(',')}`
          : null;
      const set = grantsFor(view, grant);
      if (Object.keys(set).length > 0) await shop.updateDomain(domain.id, set, trx);

      const today = dateIn(settings.time_zone, now);
      const year = Number(today.slice(0, 4));
      const seq = await invoices.nextSeq(year, trx);
      const recipient = await shop.recipient(tx.customer_id, tx.identity_id, trx);
      const lines = JSON.parse(tx.lines) as CartLine[];
      const invoiceId = await invoices.insert(
        {
          number: `${year}-${String(seq).padStart(5, '0')}`,
          year,
          seq,
          customer_id: tx.customer_id,
          domain_id: domain.id,
          domain_name: domain.name,
          transaction_id: tx.id,
          customer_name: recipient.customerName,
          customer_email: recipient.customerEmail,
          issued_at: now,
          subtotal_cents: tx.subtotal_cents,
          vat_cents: tx.vat_cents,
          total_cents: tx.total_cents,
          vat_rate_bp: tx.vat_rate_bp,
          language: tx.language,
          pdf: null,
        },
        lines.map((l, i) => ({
          position: i + 1,
          product_id: l.id,
          description: lineText(l, rows, tx.language),
          period_from: today < tx.period_end ? today : dayBefore(tx.period_end),
          period_to: dayBefore(tx.period_end),
          amount_cents: l.nowCents,
        })),
        trx,
      );
      await transactions.setFulfilled(tx.id, now, note, trx);
      return { invoiceId, products: grant, spamfilter: set.spamfilter === 1 };
    });
  }

  /** After the commit: the DNS switch, the PDF and the mail. Their failure is logged; the order stands. */
  async function afterwards(
    tx: TransactionRow,
    invoiceId: number,
    spamfilter: boolean,
  ): Promise<void> {
    if (spamfilter && deps.spamfilterOn) {
      try {
        await deps.spamfilterOn(tx.domain_id);
      } catch (error) {
        deps.logger.error(
          { err: error, transaction: tx.uuid },
          'switching the zone to the spam filter MX failed',
        );
      }
    }
    try {
      await deps.pdfs.ensure(invoiceId);
    } catch (error) {
      deps.logger.error(
        { err: error, invoice: invoiceId },
        'invoice PDF failed; it renders on download',
      );
    }
    try {
      if (deps.invoiceMailAllowed && !(await deps.invoiceMailAllowed(tx.customer_id))) return;
      const r = await shop.recipient(tx.customer_id, tx.identity_id);
      const domain = await shop.domain(tx.domain_id);
      const rows = await shop.products();
      const invoice = await invoices.byTransaction(tx.id);
      const lines = JSON.parse(tx.lines) as CartLine[];
      await deps.mailer.send(
        orderMail({
          to: r.email,
          name: r.name,
          language: r.language,
          domain: domain?.name ?? '',
          products: lines.map((l) => lineText(l, rows, r.language)),
          invoiceNumber: invoice?.number ?? '',
          totalCents: tx.total_cents,
          annualNewCents: tx.annual_new_cents,
          periodEnd: tx.period_end,
          panelUrl: `${deps.publicUrl}/upgrade/${encodeURIComponent(domain?.name ?? '')}/products`,
        }),
      );
    } catch (error) {
      deps.logger.error({ err: error, transaction: tx.uuid }, 'order confirmation mail failed');
    }
  }

  return {
    /** Marks the transaction paid and fulfils it, once. Answers false when it already was. */
    async paid(tx: TransactionRow): Promise<boolean> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const done = await fulfilOnce(tx);
          if (!done) return false;
          deps.domainChanged?.();
          await afterwards(tx, done.invoiceId, done.spamfilter);
          return true;
        } catch (error) {
          // Two invoices numbered at the same moment (PostgreSQL): the loser rolls back and retries.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
