import { AppError } from '../../lib/app-error.ts';
import { fail, notFound, webhookErrors } from './shop.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { Principal } from '../../model/principal.ts';
import {
  PaymentProviderError,
  type Payments,
  type ProviderPayment,
} from '../../platform/payments/payments.port.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { InvoicesStore } from './invoices.store.ts';
import type { ShopStore } from './shop.store.ts';
import type { TransactionRow, TransactionsStore } from './transactions.store.ts';

/** Provider payment ids: Mollie's `tr_...`, the test checkout's `tst_...`. */
const PAYMENT_ID = /^[A-Za-z0-9_]{3,64}$/;

export interface PaymentServiceDeps {
  payments: Payments | null;
  transactions: TransactionsStore;
  invoices: InvoicesStore;
  shop: ShopStore;
  fulfilment: Fulfilment;
  clock: Clock;
  logger: Logger;
}

/**
 * The provider is the source of truth about a payment: a webhook only says "look again", and
 * Haven reads the payment back from the provider before it changes anything.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { transactions, clock, logger } = deps;

  async function fetchPayment(tx: TransactionRow): Promise<ProviderPayment | null> {
    if (!deps.payments || tx.provider !== deps.payments.name || !tx.provider_payment_id)
      return null;
    try {
      return await deps.payments.getPayment(tx.provider_payment_id);
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw fail('payment_unavailable', 'unavailable', undefined, { cause: error });
      throw error;
    }
  }

  /** Applies the provider's word on a transaction. Safe to run any number of times. */
  async function sync(tx: TransactionRow): Promise<void> {
    const payment = await fetchPayment(tx);
    if (!payment) return;
    if (payment.reference !== tx.uuid) {
      logger.error(
        { transaction: tx.uuid, payment: payment.id },
        'payment does not carry this transaction: ignored',
      );
      return;
    }
    const now = clock.now();
    switch (payment.status) {
      case 'paid':
        if (payment.currency !== 'EUR' || payment.amountCents !== tx.total_cents) {
          // Never fulfil an order for a different amount than Haven asked for.
          logger.error(
            { transaction: tx.uuid, amount: payment.amountCents, currency: payment.currency },
            'paid amount differs: not fulfilled',
          );
          await transactions.transition(tx.id, ['open', 'expired'], 'failed', now, {
            note: 'amount_mismatch',
          });
          return;
        }
        await deps.fulfilment.paid(tx);
        return;
      case 'failed':
      case 'canceled':
      case 'expired':
        await transactions.transition(tx.id, ['open'], payment.status, now);
        return;
      default:
        // open, pending, authorized: nothing to do until the next report.
        return;
    }
  }

  return {
    sync,

    /** The provider's webhook: `id` of a payment Haven created. Unknown ids are refused unread. */
    async webhook(paymentId: unknown): Promise<void> {
      if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId))
        throw webhookErrors.invalid('unknown_payment');
      const tx = deps.payments
        ? await transactions.byProviderId(deps.payments.name, paymentId)
        : undefined;
      if (!tx) throw webhookErrors.notFound('unknown_payment');
      await sync(tx);
    },

    /** The payment return: the outcome of the caller's own transaction. */
    async outcome(principal: Principal, uuid: string) {
      let tx = await transactions.byUuid(uuid);
      if (!tx || tx.customer_id !== principal.customerId) throw notFound();
      if (tx.status === 'open') {
        // The webhook may not have arrived yet (or cannot reach a development machine): ask the provider.
        try {
          await sync(tx);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'payment_unavailable')) throw error;
          logger.error(
            { err: error, transaction: tx.uuid },
            'provider unreachable on return; answering the stored status',
          );
        }
        tx = (await transactions.byId(tx.id)) ?? tx;
      }
      const domain = await deps.shop.domain(tx.domain_id);
      const invoice = await deps.invoices.byTransaction(tx.id);
      return {
        success: tx.status === 'paid',
        status: tx.status,
        domain: domain?.name ?? '',
        products: JSON.parse(tx.cart) as number[],
        invoice: invoice?.number ?? null,
      };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
