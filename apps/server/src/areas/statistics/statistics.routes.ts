import { statistics } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { StatisticsService } from './statistics.service.ts';

export function statisticsRoutes(bind: Bind, svc: StatisticsService): void {
  bind(statistics.getTraffic, ({ domain, query }) => svc.traffic(domain, query));
  bind(statistics.refreshTraffic, ({ domain }) => svc.refresh(domain));
  bind(statistics.getOverview, ({ domain }) => svc.overview(domain));
  bind(statistics.getTopMailboxes, ({ domain }) => svc.topMailboxes(domain));
}
