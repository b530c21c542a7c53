import type { ScreenMap } from '../../lib/screen-types.ts';

/** The mail screens by route name (lazy: each loads with its own chunk). */
export const mailScreens: ScreenMap = {
  mailaddress: () => import('./mail-list-page.tsx').then((m) => ({ Component: m.MailListPage })),
  mailaddressadd: () => import('./mail-add-page.tsx').then((m) => ({ Component: m.MailAddPage })),
  mailaddressdetail: () =>
    import('./mail-detail-page.tsx').then((m) => ({ Component: m.MailDetailPage })),
  mailforward: () =>
    import('./forward-list-page.tsx').then((m) => ({ Component: m.ForwardListPage })),
  mailforwardadd: () =>
    import('./forward-add-page.tsx').then((m) => ({ Component: m.ForwardAddPage })),
  mailforwarddetail: () =>
    import('./forward-detail-page.tsx').then((m) => ({ Component: m.ForwardDetailPage })),
  webmail: () => import('./webmail-page.tsx').then((m) => ({ Component: m.WebmailPage })),
  maillist: () =>
    import('./lists/list-overview-page.tsx').then((m) => ({ Component: m.ListOverviewPage })),
  maillistadd: () =>
    import('./lists/list-add-page.tsx').then((m) => ({ Component: m.ListAddPage })),
  maillistdetail: () =>
    import('./lists/list-detail-page.tsx').then((m) => ({ Component: m.ListDetailPage })),
  mailsettings: () =>
    import('./mail-settings-page.tsx').then((m) => ({ Component: m.MailSettingsPage })),
};
