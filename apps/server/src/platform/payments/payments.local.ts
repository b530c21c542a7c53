import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AreaDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentTestPaymentsTable, PaymentTestTables } from './test-payments.tables.ts';
import type { Payments } from './payments.port.ts';

export type TestPayment = Selectable<PaymentTestPaymentsTable>;
export type TestOutcome = 'paid' | 'failed' | 'canceled';

/** Like a provider's checkout, an unpaid test payment expires. */
export const TEST_PAYMENT_TTL_MS = 15 * 60_000;
export const TEST_PAYMENT_ID = /^tst_[0-9a-f]{20}$/;

/** The built-in test checkout: the payments port plus what its page needs. */
export interface TestCheckout extends Payments {
  find(id: string): Promise<TestPayment | null>;
  /** The choice made on the checkout page; only an open payment changes. */
  decide(id: string, outcome: TestOutcome): Promise<TestPayment | null>;
}

/**
 * Local profile: payments kept in Haven's own database and a checkout page served by Haven
 * (`/pay/test/{id}`) with Pay, Fail and Cancel. It reports through the same webhook as Mollie,
 * so the whole order path runs for real without a payment provider.
 */
export function createLocalPayments(
  db: AreaDb<PaymentTestTables>,
  publicUrl: string,
  clock: Clock,
): TestCheckout {
  async function find(id: string): Promise<TestPayment | null> {
    if (!TEST_PAYMENT_ID.test(id)) return null;
    const row = await db
      .selectFrom('payment_test_payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const now = clock.now();
    if (row.status === 'open' && now - row.created_at > TEST_PAYMENT_TTL_MS) {
      await db
        .updateTable('payment_test_payments')
        .set({ status: 'expired', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return { ...row, status: 'expired', updated_at: now };
    }
    return row;
  }

  return {
    name: 'test',

    async createPayment(input) {
      const id = `tst_${randomBytes(10).toString('hex')}`;
      const now = clock.now();
      await db
        .insertInto('payment_test_payments')
        .values({
          id,
          amount_cents: input.amountCents,
          description: input.description,
          redirect_url: input.redirectUrl,
          webhook_url: input.webhookUrl,
          reference: input.reference,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, checkoutUrl: `${publicUrl}/pay/test/${id}?lang=${input.language}` };
    },

    async getPayment(id) {
      const row = await find(id);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amount_cents,
        currency: 'EUR',
        reference: row.reference,
      };
    },

    find,

    async decide(id, outcome) {
      const row = await find(id);
      if (!row) return null;
      if (row.status !== 'open') return row;
      const now = clock.now();
      await db
        .updateTable('payment_test_payments')
        .set({ status: outcome, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return find(id);
    },
  };
}
