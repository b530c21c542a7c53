import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createAccountStore } from './account.store.ts';
import { createAccountService } from './account.service.ts';
import { accountRoutes } from './account.routes.ts';

export function accountModule(core: CoreContext): AreaModule {
  const svc = createAccountService({
    customers: core.customers,
    store: createAccountStore(core.db),
    sessions: {
      revokeOtherSessions: (identityId, keepId, at) =>
        core.sessions.revokeOtherSessions(identityId, keepId, at),
      refresh: (principal, token) => core.auth.refresh(principal, token),
      expireResets: (identityId, at) => core.sessions.expireResetsOf(identityId, at),
    },
    clock: core.clock,
  });
  return { name: 'account', routes: (bind) => accountRoutes(bind, svc) };
}
