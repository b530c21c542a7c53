import type { ScreenMap } from '../../app/screen-types.ts';

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
  mailsettings: () =>
    import('./mail-settings-page.tsx').then((m) => ({ Component: m.MailSettingsPage })),
};
