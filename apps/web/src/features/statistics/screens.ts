import type { ScreenMap } from '../../lib/screen-types.ts';

/** The statistics screen (lazy: it loads with its own chunk). */
export const statisticsScreens: ScreenMap = {
  statistics: () => import('./statistics-page.tsx').then((m) => ({ Component: m.StatisticsPage })),
};
