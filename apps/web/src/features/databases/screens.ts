import type { ScreenMap } from '../../lib/screen-types.ts';

/** The databases screens by route name (lazy: each loads with its own chunk). */
export const databasesScreens: ScreenMap = {
  database: () =>
    import('./database-list-page.tsx').then((m) => ({ Component: m.DatabaseListPage })),
  databaseadd: () =>
    import('./database-add-page.tsx').then((m) => ({ Component: m.DatabaseAddPage })),
  databasedetail: () =>
    import('./database-detail-page.tsx').then((m) => ({ Component: m.DatabaseDetailPage })),
  databaseuseradd: () =>
    import('./database-user-add-page.tsx').then((m) => ({ Component: m.DatabaseUserAddPage })),
  databaseuserdetail: () =>
    import('./database-user-detail-page.tsx').then((m) => ({
      Component: m.DatabaseUserDetailPage,
    })),
};
