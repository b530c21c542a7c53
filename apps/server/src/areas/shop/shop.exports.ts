import type { ShopProducts } from '../../model/shop-products.ts';
import type { ShopStore } from './shop.store.ts';

/** What the shop offers other areas, on purpose; areas/registry.ts passes it on. */
export interface ShopExports {
  /** The site builder shows the product a domain owns. */
  products: ShopProducts;
}

export function shopExports(shop: ShopStore): ShopExports {
  return { products: { sitebuilder: (id) => shop.sitebuilderProduct(id) } };
}
