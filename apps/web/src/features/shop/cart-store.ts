import { useCallback, useSyncExternalStore } from 'react';
import { toggleProduct, type CartProduct } from '@haven/contract/shop';

/*
 * The cart lives in the browser, per domain, for the tab's session: it survives the trip to the
 * payment page and back (a failed payment keeps it), and never holds a price: the server prices
 * it on every change.
 */
const KEY = 'haven-cart';
const EMPTY: readonly number[] = Object.freeze([]);
const listeners = new Set<() => void>();
let carts: Record<string, readonly number[]> = load();

function load(): Record<string, readonly number[]> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const result: Record<string, readonly number[]> = {};
    for (const [domain, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids))
        result[domain] = ids.filter((id): id is number => Number.isInteger(id));
    }
    return result;
  } catch {
    return {};
  }
}

function save(domain: string, cart: readonly number[]): void {
  carts = { ...carts, [domain]: cart };
  if (cart.length === 0) delete carts[domain];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(carts));
  } catch {
    // Private mode or a full storage: the cart still works for this page.
  }
  for (const listener of listeners) listener();
}

export const cartStore = {
  get: (domain: string): readonly number[] => carts[domain] ?? EMPTY,
  toggle: (domain: string, id: number, catalogue: readonly CartProduct[]) =>
    save(domain, toggleProduct(cartStore.get(domain), id, catalogue)),
  set: (domain: string, cart: readonly number[]) => save(domain, cart),
  clear: (domain: string) => save(domain, []),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests start from an empty storage. */
  reset: (): void => {
    carts = load();
    for (const listener of listeners) listener();
  },
};

export function useCart(domain: string | undefined) {
  const cart = useSyncExternalStore(cartStore.subscribe, () =>
    domain ? cartStore.get(domain) : EMPTY,
  );
  const toggle = useCallback(
    (id: number, catalogue: readonly CartProduct[]) =>
      domain && cartStore.toggle(domain, id, catalogue),
    [domain],
  );
  const remove = useCallback(
    (id: number) =>
      domain &&
      cartStore.set(
        domain,
        cartStore.get(domain).filter((c) => c !== id),
      ),
    [domain],
  );
  const clear = useCallback(() => domain && cartStore.clear(domain), [domain]);
  return { cart, toggle, remove, clear };
}
