import type { Payment } from '@mollie/api-client';
import {
  centsToValue,
  PaymentProviderError,
  valueToCents,
  type Payments,
  type PaymentStatus,
} from './payments.port.ts';

export interface MollieOptions {
  apiKey: string;
  /** Only to reach Mollie through a proxy (or a stand-in in tests); Mollie's own API by default. */
  apiEndpoint?: string;
}

const STATUSES: readonly PaymentStatus[] = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
];

function referenceOf(payment: Payment): string | null {
  const metadata: unknown = payment.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const value = (metadata as Record<string, unknown>).reference;
  return typeof value === 'string' ? value : null;
}

/**
 * Production payments through Mollie's official client: card and iDEAL on Mollie's hosted
 * checkout. Mollie calls the webhook on every status change; Haven then reads the payment back.
 */
export function createMolliePayments(options: MollieOptions): Payments {
  // The client library loads when Mollie is configured, not in every panel process.
  const mollie = import('@mollie/api-client').then((m) => ({
    m,
    client: m.createMollieClient({
      apiKey: options.apiKey,
      versionStrings: ['Haven/0.1.0'],
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    }),
  }));

  return {
    name: 'mollie',

    async createPayment(input) {
      try {
        const { m, client } = await mollie;
        const { PaymentMethod, Locale } = m;
        const payment = await client.payments.create({
          amount: { currency: 'EUR', value: centsToValue(input.amountCents) },
          description: input.description.slice(0, 255),
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: { reference: input.reference },
          method: [PaymentMethod.creditcard, PaymentMethod.ideal],
          locale: input.language === 'nl' ? Locale.nl_NL : Locale.en_US,
          // A retried create must not start a second payment for the same order.
          idempotencyKey: input.reference,
        });
        const checkoutUrl = payment.getCheckoutUrl();
        if (!checkoutUrl) throw new PaymentProviderError('Mollie answered no checkout address');
        return { id: payment.id, checkoutUrl };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('Mollie refused or could not be reached', { cause: error });
      }
    },

    async getPayment(id) {
      const { m, client } = await mollie;
      let payment: Payment;
      try {
        payment = await client.payments.get(id);
      } catch (error) {
        if (error instanceof m.MollieApiError && error.statusCode === 404) return null;
        throw new PaymentProviderError('Mollie could not be reached', { cause: error });
      }
      const status = STATUSES.find((s) => s === String(payment.status));
      if (!status)
        throw new PaymentProviderError(
          `Mollie answered an unknown status ${String(payment.status)}`,
        );
      return {
        id: payment.id,
        status,
        amountCents: valueToCents(payment.amount.value),
        currency: payment.amount.currency,
        reference: referenceOf(payment),
      };
    },
  };
}
