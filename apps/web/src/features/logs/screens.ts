import type { ScreenMap } from '../../lib/screen-types.ts';

/** The log screens by route name (lazy: each loads with its own chunk). */
export const logsScreens: ScreenMap = {
  log: () => import('./log-list-page.tsx').then((m) => ({ Component: m.LogListPage })),
  logdetail: () => import('./log-detail-page.tsx').then((m) => ({ Component: m.LogDetailPage })),
};
