import type { ScreenMap } from '../../lib/screen-types.ts';

/** The cron screens by route name (lazy: each loads with its own chunk). */
export const cronScreens: ScreenMap = {
  cronjob: () => import('./cron-list-page.tsx').then((m) => ({ Component: m.CronListPage })),
  cronjobadd: () => import('./cron-add-page.tsx').then((m) => ({ Component: m.CronAddPage })),
  cronjobdetail: () =>
    import('./cron-detail-page.tsx').then((m) => ({ Component: m.CronDetailPage })),
};
