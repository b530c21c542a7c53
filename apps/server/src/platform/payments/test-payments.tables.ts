/** Payments of the built-in test checkout (local profile), in the shape of a provider's. */
export interface PaymentTestPaymentsTable {
  id: string;
  amount_cents: number;
  description: string;
  redirect_url: string;
  webhook_url: string;
  reference: string;
  status: 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
  created_at: number;
  updated_at: number;
}

/** The test checkout's one table (the shop's migration makes it). */
export type PaymentTestTables = { payment_test_payments: PaymentTestPaymentsTable };
