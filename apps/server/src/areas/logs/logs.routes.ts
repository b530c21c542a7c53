import { logs as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { LogsService } from './logs.service.ts';

export function logsRoutes(bind: Bind, svc: LogsService): void {
  bind(api.listLogs, async ({ domain }) => svc.list(domain));
  bind(api.getLog, async ({ domain, params, query }) => svc.page(domain, params.name, query.page));
  bind(api.filterLog, async ({ domain, params, query }) => svc.filter(domain, params.name, query));
  bind(api.createLogTicket, async ({ domain, params }) => svc.ticket(domain, params.name));
  bind(api.downloadLog, async ({ params, query }) =>
    svc.download(params.domain, params.name, query.ticket),
  );
}
