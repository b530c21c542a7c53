import type { CoreContext } from '../../core.ts';
import type { SitebuilderSettings } from './sitebuilder.settings.ts';
import type { AreaModule } from '../area.ts';
import type { ShopProducts } from '../../model/shop-products.ts';
import { createSitebuilderStore } from './sitebuilder.store.ts';
import { createSitebuilderService } from './sitebuilder.service.ts';
import { sitebuilderRoutes } from './sitebuilder.routes.ts';

export function sitebuilderModule(
  core: CoreContext,
  settings: SitebuilderSettings,
  needs: { products: ShopProducts },
): AreaModule {
  const svc = createSitebuilderService({
    store: createSitebuilderStore({
      domainById: core.customers.domainById,
      products: needs.products,
    }),
    config: { ...settings, issuer: core.config.publicUrl },
    clock: core.clock,
  });
  return { name: 'sitebuilder', routes: (bind) => sitebuilderRoutes(bind, svc) };
}
