import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createHelpdeskStore } from './helpdesk.store.ts';
import { createHelpdeskService } from './helpdesk.service.ts';
import { helpdeskRoutes } from './helpdesk.routes.ts';

/** The customer's helpdesk: mailing preferences and contact addresses (issue #25). */
export function helpdeskModule(core: CoreContext): AreaModule {
  const store = createHelpdeskStore(core.db);
  const svc = createHelpdeskService({ store, clock: core.clock });
  return { name: 'helpdesk', routes: (bind) => helpdeskRoutes(bind, svc) };
}
