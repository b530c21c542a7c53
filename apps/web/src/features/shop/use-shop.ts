import { useMemo } from 'react';
import { orderBlock, type CartContext } from '@haven/contract/shop';
import { useLanguage } from '../../lib/i18n.ts';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useCartStatus, useProducts } from './api.ts';
import { useCart } from './cart-store.ts';

/** Everything the wizard, cart and products screens share for the selected domain. */
export function useShop() {
  const { domain = '', details } = useSelectedDomain();
  const language = useLanguage();
  const status = useCartStatus(domain);
  const products = useProducts(domain);
  const cart = useCart(domain);

  const ctx = useMemo<CartContext | undefined>(() => {
    if (!status.data || !products.data || !details) return undefined;
    return {
      catalogue: products.data,
      owned: status.data.products.map((p) => p.id),
      isUpgradable: status.data.isUpgradable,
      isWithinDeadzone: status.data.isWithinDeadzone,
      hasLegacy: status.data.hasLegacy,
      domainStatus: details.status,
    };
  }, [status.data, products.data, details]);

  return {
    domain,
    language,
    /** The domain's package and flags (a product not for this package says so). */
    details,
    status: status.data,
    products: products.data ?? [],
    ctx,
    block: ctx ? orderBlock(ctx) : null,
    isPending: status.isPending || products.isPending,
    error: status.error ?? products.error,
    ...cart,
  };
}
export type Shop = ReturnType<typeof useShop>;
