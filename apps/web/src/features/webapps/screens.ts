import type { ScreenMap } from '../../lib/screen-types.ts';

/** The web app screens by route name (lazy). */
export const webappsScreens: ScreenMap = {
  webapp: () => import('./webapp-list-page.tsx').then((m) => ({ Component: m.WebappListPage })),
  webappadd: () => import('./webapp-add-page.tsx').then((m) => ({ Component: m.WebappAddPage })),
};
