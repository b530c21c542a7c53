import type { ScreenMap } from '../../app/screen-types.ts';

/** The helpdesk screens by route name; tickets are not built yet ("not available"). */
export const helpdeskScreens: ScreenMap = {
  'layout:helpdesk': () =>
    import('./helpdesk-layout.tsx').then((m) => ({ Component: m.HelpdeskLayout })),
  helpdeskmailing: () => import('./mailing-page.tsx').then((m) => ({ Component: m.MailingPage })),
  helpdeskaddress: () =>
    import('./address-list-page.tsx').then((m) => ({ Component: m.AddressListPage })),
  helpdeskaddressdetail: () =>
    import('./address-detail-page.tsx').then((m) => ({ Component: m.AddressDetailPage })),
};
