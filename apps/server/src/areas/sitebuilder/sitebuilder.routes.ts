import { sitebuilder } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { SitebuilderService } from './sitebuilder.service.ts';

export function sitebuilderRoutes(bind: Bind, svc: SitebuilderService): void {
  bind(sitebuilder.getSitebuilder, async ({ domain }) => svc.state(domain));
  bind(sitebuilder.openSitebuilder, async ({ domain }) => svc.open(domain));
}
