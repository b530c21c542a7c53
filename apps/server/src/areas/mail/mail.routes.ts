import { mail as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { MailServices } from './mail.service.ts';

export function mailRoutes(bind: Bind, svc: MailServices): void {
  const { accounts, update, forwards, settings } = svc;
  bind(api.listAccounts, async ({ domain, params }) => accounts.list(domain, params.type));
  bind(api.createAddress, async ({ domain, body }) => accounts.createAddress(domain, body));
  bind(api.createGroup, async ({ domain, body }) => accounts.createGroup(domain, body));
  bind(api.getAddress, async ({ principal, domain, params }) =>
    accounts.address(principal, domain, params.name),
  );
  bind(api.getGroup, async ({ domain, params }) => accounts.group(domain, params.name));
  bind(api.updateAddress, async ({ principal, domain, params, body }) =>
    update.address(principal, domain, params.name, body),
  );
  bind(api.updateGroup, async ({ domain, params, body }) =>
    update.group(domain, params.name, body),
  );
  bind(api.deleteAccount, async ({ domain, params }) => {
    await accounts.remove(domain, params.type, params.name);
    return { deleted: true as const };
  });
  bind(api.listForwards, async ({ domain }) => forwards.list(domain));
  bind(api.getForward, async ({ domain, params }) => forwards.get(domain, params.from));
  bind(api.createForward, async ({ domain, body }) => forwards.create(domain, body));
  bind(api.updateForward, async ({ domain, params, body }) =>
    forwards.update(domain, params.from, body.value),
  );
  bind(api.deleteForward, async ({ domain, params }) => {
    await forwards.remove(domain, params.from);
    return { deleted: true as const };
  });
  bind(api.getSettings, async ({ domain }) => settings.get(domain));
  bind(api.saveSettings, async ({ domain, body }) => settings.save(domain, body));
  bind(api.completeDns, async ({ domain }) => settings.completeDns(domain));
}
