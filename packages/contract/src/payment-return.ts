/**
 * The payment return's query parameter: the transaction's uuid. It is an order reference, not a
 * secret: reading the outcome needs a login of the customer who ordered. The web app picks it up
 * on any route, also when the customer must log in first.
 */
export const PAYMENT_RETURN_PARAM = 'payment_uuid';

/** Where the payment provider sends the browser back, below the panel's public address. */
export function paymentReturnPath(uuid: string): string {
  return `/dashboard?${PAYMENT_RETURN_PARAM}=${encodeURIComponent(uuid)}`;
}
