import type { Db } from '../../db/database.ts';

/** The site builder columns of a domain (set by the shop's fulfilment) and its product. */
export function createSitebuilderStore(db: Db) {
  return {
    async state(domainId: number) {
      const row = await db
        .selectFrom('domains')
        .select(['sitebuilder', 'legacy'])
        .where('id', '=', domainId)
        .executeTakeFirst();
      if (!row) return undefined;
      const product =
        row.sitebuilder === 0
          ? undefined
          : await db
              .selectFrom('shop_products')
              .select(['id', 'name_nl', 'name_en', 'pages'])
              .where('id', '=', row.sitebuilder)
              .where('type', '=', 'sitebuilder')
              .executeTakeFirst();
      return { legacy: row.legacy === 1, product: product ?? null };
    },
  };
}
export type SitebuilderStore = ReturnType<typeof createSitebuilderStore>;
