import type { Insertable, Selectable } from 'kysely';
import type { ShopDb, ShopTransactionsTable, TransactionState } from './shop.tables.ts';

export type TransactionRow = Selectable<ShopTransactionsTable>;

/** Checkouts. Status changes are compare-and-set, so two deliveries never both win. */
export function createTransactionsStore(db: ShopDb) {
  return {
    insert: async (row: Insertable<ShopTransactionsTable>, q: ShopDb = db) =>
      (
        await q
          .insertInto('shop_transactions')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    byId: (id: number, q: ShopDb = db) =>
      q.selectFrom('shop_transactions').selectAll().where('id', '=', id).executeTakeFirst(),
    byUuid: (uuid: string, q: ShopDb = db) =>
      q.selectFrom('shop_transactions').selectAll().where('uuid', '=', uuid).executeTakeFirst(),
    byProviderId: (provider: string, paymentId: string, q: ShopDb = db) =>
      q
        .selectFrom('shop_transactions')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_payment_id', '=', paymentId)
        .executeTakeFirst(),
    openOfDomain: (domainId: number, q: ShopDb = db) =>
      q
        .selectFrom('shop_transactions')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('status', '=', 'open')
        .executeTakeFirst(),
    setPayment: (id: number, paymentId: string, checkoutUrl: string, at: number, q: ShopDb = db) =>
      q
        .updateTable('shop_transactions')
        .set({ provider_payment_id: paymentId, checkout_url: checkoutUrl, updated_at: at })
        .where('id', '=', id)
        .execute(),
    /** Moves the status only from one of `from`; true when this call made the change. */
    transition: async (
      id: number,
      from: readonly TransactionState[],
      to: TransactionState,
      at: number,
      extra: { paid_at?: number; note?: string } = {},
      q: ShopDb = db,
    ) => {
      const r = await q
        .updateTable('shop_transactions')
        .set({ status: to, updated_at: at, ...extra })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    setFulfilled: (id: number, at: number, note: string | null, q: ShopDb = db) =>
      q
        .updateTable('shop_transactions')
        .set({ fulfilled_at: at, updated_at: at, note })
        .where('id', '=', id)
        .execute(),
  };
}
export type TransactionsStore = ReturnType<typeof createTransactionsStore>;
