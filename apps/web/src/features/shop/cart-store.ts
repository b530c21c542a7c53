import { useCallback, useSyncExternalStore } from 'react';
import { inclusionClosure, toggleProduct, type CartProduct } from '@haven/contract/shop-cart';

/*
 * The cart lives in the browser, per domain, shared by the tabs of this host: it survives the trip
 * to the payment page and back (a failed payment keeps it), a return in another tab empties it
 * everywhere, and it never holds a price: the server prices it on every change.
 */
const KEY = 'haven-cart';
const EMPTY: readonly number[] = Object.freeze([]);
const listeners = new Set<() => void>();
let carts: Record<string, readonly number[]> = load();

function load(): Record<string, readonly number[]> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
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
    localStorage.setItem(KEY, JSON.stringify(carts));
  } catch {
    // Private mode or a full storage: the cart still works for this page.
  }
  for (const listener of listeners) listener();
}

// Another tab changed a cart (an order paid there): this tab shows the same.
window.addEventListener('storage', (event) => {
  if (event.key !== KEY && event.key !== null) return;
  carts = load();
  for (const listener of listeners) listener();
});

export const cartStore = {
  get: (domain: string): readonly number[] => carts[domain] ?? EMPTY,
  toggle: (domain: string, id: number, catalogue: readonly CartProduct[]) =>
    save(domain, toggleProduct(cartStore.get(domain), id, catalogue)),
  set: (domain: string, cart: readonly number[]) => save(domain, cart),
  clear: (domain: string) => save(domain, []),
  /** Paid (or owned) products leave the cart, and so do the products they include. */
  removePaid(domain: string, paid: readonly number[], catalogue: readonly CartProduct[] = []) {
    const gone = inclusionClosure(paid, catalogue);
    const cart = cartStore.get(domain);
    if (cart.some((id) => gone.has(id)))
      save(
        domain,
        cart.filter((id) => !gone.has(id)),
      );
  },
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
