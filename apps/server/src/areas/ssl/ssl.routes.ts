import { ssl as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { SslService } from './ssl.service.ts';

export function sslRoutes(bind: Bind, svc: SslService): void {
  bind(api.getSsl, async ({ domain }) => svc.get(domain));
  bind(api.startSsl, async ({ domain, body }) => svc.start(domain, body));
}
