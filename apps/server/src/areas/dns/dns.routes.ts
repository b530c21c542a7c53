import { dns } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { DnsService } from './dns.service.ts';

export function dnsRoutes(bind: Bind, svc: DnsService): void {
  bind(dns.list, async ({ domain }) => svc.list(domain));
  bind(dns.available, async ({ domain }) => svc.available(domain));
  bind(dns.create, async ({ domain, body }) => ({ record: await svc.create(domain, body) }));
  bind(dns.update, async ({ domain, params, body }) => ({
    record: await svc.update(domain, params.id, body),
  }));
  bind(dns.remove, async ({ domain, params }) => svc.remove(domain, params.id));
  bind(dns.resetPreview, async ({ domain }) => svc.resetPreview(domain));
  bind(dns.reset, async ({ domain }) => svc.reset(domain));
  bind(dns.zoneFile, async ({ domain }) => svc.zoneFile(domain));
}
