import { cron as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { CronService } from './cron.service.ts';

export function cronRoutes(bind: Bind, svc: CronService): void {
  bind(api.getCronOverview, async ({ domain }) => svc.overview(domain));
  bind(api.listCronjobs, async ({ domain, params }) => svc.list(domain, params.user));
  bind(api.getCronjob, async ({ domain, params }) => svc.detail(domain, params.user, params.hash));
  bind(api.createCronjob, async ({ domain, params, body }) =>
    svc.create(domain, params.user, body),
  );
  bind(api.updateCronjob, async ({ domain, params, body }) =>
    svc.update(domain, params.user, params.hash, body),
  );
  bind(api.deleteCronjob, async ({ domain, params }) => {
    await svc.remove(domain, params.user, params.hash);
    return { deleted: true as const };
  });
  bind(api.pauseCronjob, async ({ domain, params }) => svc.pause(domain, params.user, params.hash));
  bind(api.resumeCronjob, async ({ domain, params }) =>
    svc.resume(domain, params.user, params.hash),
  );
  bind(api.runCronjob, async ({ domain, params }) => svc.runNow(domain, params.user, params.hash));
}
