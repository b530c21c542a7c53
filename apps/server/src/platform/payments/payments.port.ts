/** A payment's state at the provider (Mollie's statuses; the test checkout uses the same). */
export type PaymentStatus =
  'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface CreatePayment {
  /** Integer euro cents, more than 0. */
  amountCents: number;
  description: string;
  /** Where the provider sends the browser back to. */
  redirectUrl: string;
  /** Where the provider reports a status change (`POST id=...`). */
  webhookUrl: string;
  /** Haven's own id of the order (the transaction uuid), kept with the payment. */
  reference: string;
  language: 'nl' | 'en';
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The reference given at creation; a payment that does not carry ours is not ours. */
  reference: string | null;
}

/**
 * Online payment for the shop. Haven never trusts the browser about a payment: it asks the
 * provider (`getPayment`) when the provider's webhook says something changed.
 */
export interface Payments {
  /** `mollie` or `test` (the built-in test checkout of the local profile). */
  readonly name: string;
  /** Creates a payment; answers its id and the checkout address for the browser. */
  createPayment(input: CreatePayment): Promise<{ id: string; checkoutUrl: string }>;
  /** The payment as the provider knows it now; null when the provider does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

/** Thrown when the provider cannot be reached or refuses; the shop answers `payment_unavailable`. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** `1234` -> `"12.34"` (Mollie's amount value). */
export function centsToValue(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `"12.34"` -> `1234`; NaN for anything that is not a plain two-decimal amount. */
export function valueToCents(value: string): number {
  const m = /^(\d{1,9})\.(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 100 + Number(m[2]) : Number.NaN;
}
