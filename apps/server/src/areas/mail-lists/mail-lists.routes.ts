import { mailLists as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { MailListsService } from './mail-lists.service.ts';

export function mailListsRoutes(bind: Bind, svc: MailListsService): void {
  bind(api.listLists, async ({ domain }) => svc.list(domain));
  bind(api.getList, async ({ domain, params }) => svc.get(domain, params.name));
  bind(api.listSubscribers, async ({ domain, params }) => svc.subscribers(domain, params.name));
  bind(api.availableSubscribers, async ({ domain, params }) => svc.available(domain, params.name));
  bind(api.createList, async ({ domain, body }) => svc.create(domain, body));
  bind(api.updateList, async ({ domain, params, body }) => svc.update(domain, params.name, body));
  bind(api.deleteList, async ({ domain, params }) => svc.remove(domain, params.name));
  bind(api.subscribe, async ({ domain, params, body }) =>
    svc.subscribe(domain, params.name, body.email),
  );
  bind(api.unsubscribe, async ({ domain, params }) =>
    svc.unsubscribe(domain, params.name, params.email),
  );
}
