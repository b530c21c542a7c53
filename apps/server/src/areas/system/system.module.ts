import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { systemRoutes } from './system.routes.ts';
import { VERSION } from '../../version.ts';

export function systemModule(core: CoreContext): AreaModule {
  return { name: 'system', routes: (bind) => systemRoutes(bind, core.db, VERSION) };
}
