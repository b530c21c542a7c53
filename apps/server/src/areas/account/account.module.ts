import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createAccountStore } from './account.store.ts';
import { createAccountService, type AccountSessions } from './account.service.ts';
import { accountRoutes } from './account.routes.ts';

/** The login's own account page; a new password ends its other sessions (the auth area's). */
export function accountModule(core: CoreContext, needs: { sessions: AccountSessions }): AreaModule {
  const svc = createAccountService({
    customers: core.customers,
    store: createAccountStore(core.db),
    sessions: needs.sessions,
    clock: core.clock,
  });
  return { name: 'account', routes: (bind) => accountRoutes(bind, svc) };
}
