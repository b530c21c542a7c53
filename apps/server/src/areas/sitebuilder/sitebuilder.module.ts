import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createSitebuilderStore } from './sitebuilder.store.ts';
import { createSitebuilderService } from './sitebuilder.service.ts';
import { sitebuilderRoutes } from './sitebuilder.routes.ts';

export function sitebuilderModule(core: CoreContext): AreaModule {
  const svc = createSitebuilderService({
    store: createSitebuilderStore(core.db),
    config: { ...core.config.sitebuilder, issuer: core.config.publicUrl },
    clock: core.clock,
  });
  return { name: 'sitebuilder', routes: (bind) => sitebuilderRoutes(bind, svc) };
}
