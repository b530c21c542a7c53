import { helpdesk as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { HelpdeskService } from './helpdesk.service.ts';

export function helpdeskRoutes(bind: Bind, svc: HelpdeskService): void {
  bind(api.getMailing, async ({ principal }) => ({
    preferences: await svc.mailing(principal.customerId),
  }));
  bind(api.updateMailing, async ({ principal, body }) => ({
    preferences: await svc.saveMailing(principal.customerId, body),
  }));
  bind(api.listAddresses, async ({ principal }) => ({
    addresses: await svc.addresses(principal.customerId),
  }));
  bind(api.getAddress, async ({ principal, params }) => ({
    address: await svc.address(principal.customerId, params.id),
  }));
  bind(api.updateAddress, async ({ principal, params, body }) => ({
    address: await svc.updateAddress(principal.customerId, params.id, body),
  }));
}
