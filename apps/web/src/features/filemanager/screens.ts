import type { ScreenMap } from '../../lib/screen-types.ts';

/** The filemanager screens by route name (lazy: each loads with its own chunk). */
export const filemanagerScreens: ScreenMap = {
  filemanager: () =>
    import('./filemanager-page.tsx').then((m) => ({ Component: m.FilemanagerPage })),
  filemanageredit: () => import('./editor-page.tsx').then((m) => ({ Component: m.EditorPage })),
};
