import type { ScreenMap } from '../../lib/screen-types.ts';

/** The SSL screen by route name (lazy: it loads with its own chunk). */
export const sslScreens: ScreenMap = {
  ssl: () => import('./ssl-page.tsx').then((m) => ({ Component: m.SslPage })),
};
