import type { Updateable } from 'kysely';
import { inclusionClosure } from '@haven/contract';
import type { DomainsTable } from '../../db/schema.ts';
import type { ShopView } from './catalogue.ts';

/**
 * What owning products changes on the domain: its flags (which the other areas read: premium
 * unlocks cron jobs, spamfilter switches the spam MX, ...) and, for hosting, larger limits.
 * A product includes others, so their effects apply too. Limits only ever grow.
 */
export function grantsFor(view: ShopView, productIds: readonly number[]): Updateable<DomainsTable> {
  const set: Updateable<DomainsTable> = {};
  const closure = inclusionClosure(productIds, view.catalogue);
  const rows = view.rows.filter((r) => closure.has(r.id));
  for (const row of rows) {
    switch (row.type) {
      case 'hosting':
        set.premium = 1;
        if (row.disk_quota_mb !== null)
          set.disk_quota_mb = Math.max(
            row.disk_quota_mb,
            set.disk_quota_mb ?? 0,
            view.domain.disk_quota_mb,
          );
        if (row.max_databases !== null)
          set.max_databases = Math.max(
            row.max_databases,
            set.max_databases ?? 0,
            view.domain.max_databases,
          );
        break;
      case 'spamfilter':
        set.spamfilter = 1;
        break;
      case 'ssl':
        set.ssl_premium = 1;
        break;
      case 'domain':
        set.whois_privacy = 1;
        break;
      case 'sitebuilder':
        break;
    }
  }
  // The site builder is one product id: the highest tier in the order (the one including the most).
  const builders = rows.filter((r) => r.type === 'sitebuilder');
  const top = builders.sort(
    (a, b) =>
      inclusionClosure([b.id], view.catalogue).size - inclusionClosure([a.id], view.catalogue).size,
  )[0];
  if (top && !inclusionClosure([view.domain.sitebuilder], view.catalogue).has(top.id))
    set.sitebuilder = top.id;
  return set;
}
