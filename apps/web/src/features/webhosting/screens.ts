import type { ScreenMap } from '../../lib/screen-types.ts';

/** The webhosting screens by route name (lazy: each loads with its own chunk). */
export const webhostingScreens: ScreenMap = {
  'layout:webhosting': () =>
    import('./webhosting-layout.tsx').then((m) => ({ Component: m.WebhostingLayout })),
  subdomain: () =>
    import('./subdomain-list-page.tsx').then((m) => ({ Component: m.SubdomainListPage })),
  subdomainadd: () =>
    import('./subdomain-add-page.tsx').then((m) => ({ Component: m.SubdomainAddPage })),
  subdomaindetail: () =>
    import('./subdomain-detail-page.tsx').then((m) => ({ Component: m.SubdomainDetailPage })),
  'web-user': () =>
    import('./web-user-list-page.tsx').then((m) => ({ Component: m.WebUserListPage })),
  'web-user-add': () =>
    import('./web-user-add-page.tsx').then((m) => ({ Component: m.WebUserAddPage })),
  'web-user-detail': () =>
    import('./web-user-detail-page.tsx').then((m) => ({ Component: m.WebUserDetailPage })),
  protecteddirectory: () =>
    import('./protected-directory-list-page.tsx').then((m) => ({
      Component: m.ProtectedDirectoryListPage,
    })),
  protecteddirectoryadd: () =>
    import('./protected-directory-add-page.tsx').then((m) => ({
      Component: m.ProtectedDirectoryAddPage,
    })),
  protecteddirectorydetail: () =>
    import('./protected-directory-detail-page.tsx').then((m) => ({
      Component: m.ProtectedDirectoryDetailPage,
    })),
  protecteddirectoryuseradd: () =>
    import('./protected-user-add-page.tsx').then((m) => ({ Component: m.ProtectedUserAddPage })),
  protecteddirectoryuserdetail: () =>
    import('./protected-user-detail-page.tsx').then((m) => ({
      Component: m.ProtectedUserDetailPage,
    })),
};
