import { PAYMENT_RETURN_PARAM } from '@haven/contract/shared';

/*
 * The payment return may land on any route, in a new tab, or on a host where the customer is not
 * logged in (the provider returns to PUBLIC_URL). The root route takes the transaction's uuid out
 * of the address before any guard redirects, and keeps it in this tab until the shop's popup has
 * shown it after login.
 */
const KEY = 'haven-payment-return';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listeners = new Set<() => void>();
let pending: string | null = read();

function read(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value && UUID.test(value) ? value : null;
  } catch {
    return null;
  }
}

function write(uuid: string | null): void {
  pending = uuid;
  try {
    if (uuid) sessionStorage.setItem(KEY, uuid);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private mode: the return still shows when no login lies between.
  }
  for (const listener of listeners) listener();
}

export const paymentReturn = {
  /**
   * Keeps a return found in `url` and answers the address without it (null when there was none).
   * A value that is not a uuid is dropped from the address and never kept.
   */
  capture(url: URL): string | null {
    if (!url.searchParams.has(PAYMENT_RETURN_PARAM)) return null;
    const uuid = url.searchParams.get(PAYMENT_RETURN_PARAM) ?? '';
    if (UUID.test(uuid)) write(uuid.toLowerCase());
    const clean = new URL(url);
    clean.searchParams.delete(PAYMENT_RETURN_PARAM);
    return `${clean.pathname}${clean.search}${clean.hash}`;
  },
  pending: (): string | null => pending,
  /** Shown and closed, or not this customer's: forget it. */
  done(uuid: string): void {
    if (pending === uuid) write(null);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests start from an empty storage. */
  reset(): void {
    pending = read();
    for (const listener of listeners) listener();
  },
};
