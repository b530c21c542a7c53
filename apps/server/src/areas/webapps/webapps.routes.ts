import { webapps } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { WebappsService } from './webapps.service.ts';

/** Web apps: the package list, installed apps, install (a job) and delete. */
export function webappsRoutes(bind: Bind, svc: WebappsService): void {
  bind(webapps.listPackages, async () => ({ packages: svc.packages() }));
  bind(webapps.listWebapps, async ({ domain }) => ({ webapps: await svc.list(domain) }));
  bind(webapps.installWebapp, async ({ domain, body }) => svc.install(domain, body));
  bind(webapps.deleteWebapp, async ({ domain, params }) => {
    await svc.remove(domain, params.id);
    return { ok: true as const };
  });
}
