import type { MailDeps } from './mail-apply.ts';
import { createMailAccountsService } from './mail-accounts.service.ts';
import { createMailUpdateService } from './mail-update.service.ts';
import { createMailForwardsService } from './mail-forwards.service.ts';
import { createMailSettingsService } from './mail-domain-settings.service.ts';

/** The mail area's services over one set of dependencies (mail.module.ts builds them). */
export function createMailServices(deps: MailDeps) {
  const accounts = createMailAccountsService(deps);
  return {
    accounts,
    update: createMailUpdateService(deps, accounts),
    forwards: createMailForwardsService(deps),
    settings: createMailSettingsService(deps),
  };
}
export type MailServices = ReturnType<typeof createMailServices>;
