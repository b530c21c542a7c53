import { account } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(bind: Bind, svc: AccountService): void {
  bind(account.getUser, async ({ principal, ip }) => svc.user(principal, ip));
  bind(account.getDomains, async ({ principal }) => ({ domains: await svc.domains(principal) }));
  bind(account.getGeneralNotifications, async () => ({
    notifications: await svc.notifications(null),
  }));
  bind(account.getDomainNotifications, async ({ domain }) => ({
    notifications: await svc.notifications(domain),
  }));
  bind(account.updatePassword, async ({ principal, token, body, domain }) => ({
    token: await svc.changePassword(
      principal,
      token,
      body.current_password,
      body.password,
      domain.name,
    ),
  }));
}
