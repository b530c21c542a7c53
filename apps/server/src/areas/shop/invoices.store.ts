import type { Insertable, Selectable } from 'kysely';
import type { ShopDb, InvoiceLinesTable, InvoicesTable } from './shop.tables.ts';

export type InvoiceRow = Omit<Selectable<InvoicesTable>, 'pdf'>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;

const SUMMARY = [
  'id',
  'number',
  'year',
  'seq',
  'customer_id',
  'domain_id',
  'domain_name',
  'transaction_id',
  'customer_name',
  'customer_email',
  'issued_at',
  'subtotal_cents',
  'vat_cents',
  'total_cents',
  'vat_rate_bp',
  'language',
] as const;

export function createInvoicesStore(db: ShopDb) {
  return {
    /** The next number of the year; run inside the fulfilment transaction (the unique key guards races). */
    nextSeq: async (year: number, q: ShopDb = db) => {
      const row = await q
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('seq').as('max'))
        .where('year', '=', year)
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },
    insert: async (
      row: Insertable<InvoicesTable>,
      lines: Omit<Insertable<InvoiceLinesTable>, 'invoice_id'>[],
      q: ShopDb = db,
    ) => {
      const id = (
        await q.insertInto('invoices').values(row).returning('id').executeTakeFirstOrThrow()
      ).id;
      if (lines.length > 0)
        await q
          .insertInto('invoice_lines')
          .values(lines.map((l) => ({ ...l, invoice_id: id })))
          .execute();
      return id;
    },
    byId: (id: number, q: ShopDb = db): Promise<InvoiceRow | undefined> =>
      q.selectFrom('invoices').select(SUMMARY).where('id', '=', id).executeTakeFirst(),
    byTransaction: (transactionId: number, q: ShopDb = db): Promise<InvoiceRow | undefined> =>
      q
        .selectFrom('invoices')
        .select(SUMMARY)
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst(),
    /** A customer's invoice by number; another customer's answers undefined like a missing one. */
    ofCustomer: (
      customerId: number,
      number: string,
      q: ShopDb = db,
    ): Promise<InvoiceRow | undefined> =>
      q
        .selectFrom('invoices')
        .select(SUMMARY)
        .where('number', '=', number)
        .where('customer_id', '=', customerId)
        .executeTakeFirst(),
    listOfCustomer: (customerId: number, q: ShopDb = db): Promise<InvoiceRow[]> =>
      q
        .selectFrom('invoices')
        .select(SUMMARY)
        .where('customer_id', '=', customerId)
        .orderBy('issued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),
    lines: (invoiceId: number, q: ShopDb = db) =>
      q
        .selectFrom('invoice_lines')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .orderBy('position')
        .execute(),
    pdf: async (invoiceId: number, q: ShopDb = db) => {
      const row = await q
        .selectFrom('invoices')
        .select('pdf')
        .where('id', '=', invoiceId)
        .executeTakeFirst();
      return row?.pdf ?? null;
    },
    setPdf: (invoiceId: number, pdf: Uint8Array, q: ShopDb = db) =>
      q
        .updateTable('invoices')
        .set({ pdf })
        .where('id', '=', invoiceId)
        .where('pdf', 'is', null)
        .execute(),
  };
}
export type InvoicesStore = ReturnType<typeof createInvoicesStore>;
