import { useEffect } from 'react';
import { useCartStatus, useProducts } from './api.ts';
import { cartStore } from './cart-store.ts';

/**
 * What the domain owns never stays in the cart: an order paid in another tab, on another host
 * name of the panel or before a new login leaves this cart too. Asks the server only while the
 * cart holds something, and again when the tab comes back into view.
 */
export function useOwnedLeaveCart(domain: string | undefined, cart: readonly number[]): void {
  const watched = domain && cart.length > 0 ? domain : undefined;
  const status = useCartStatus(watched, { refetchOnWindowFocus: true });
  const products = useProducts(watched);
  useEffect(() => {
    if (!watched || !status.data || !products.data) return;
    cartStore.removePaid(
      watched,
      status.data.products.map((p) => p.id),
      products.data,
    );
  }, [watched, status.data, products.data]);
}
