/** A site builder product as the shop's catalogue holds it (also after it is withdrawn). */
export interface SitebuilderProduct {
  id: number;
  name_nl: string;
  name_en: string;
  pages: number | null;
}

/** What the shop tells other areas about its products: the site builder shows the one owned. */
export interface ShopProducts {
  sitebuilder(productId: number): Promise<SitebuilderProduct | undefined>;
}
