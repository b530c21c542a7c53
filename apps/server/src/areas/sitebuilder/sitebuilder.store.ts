import type { DomainRow } from '../../customers/customers.store.ts';
import type { ShopProducts } from '../../model/shop-products.ts';

/**
 * The site builder keeps no tables: a domain's product columns (set by the shop's fulfilment)
 * come from the core's domain record, the product's name and pages from the shop.
 */
export function createSitebuilderStore(deps: {
  domainById: (id: number) => Promise<DomainRow | undefined>;
  products: ShopProducts;
}) {
  return {
    async state(domainId: number) {
      const row = await deps.domainById(domainId);
      if (!row) return undefined;
      const product =
        row.sitebuilder === 0 ? undefined : await deps.products.sitebuilder(row.sitebuilder);
      return { legacy: row.legacy === 1, product: product ?? null };
    },
  };
}
export type SitebuilderStore = ReturnType<typeof createSitebuilderStore>;
