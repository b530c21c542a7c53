import type { ScreenMap } from '../../lib/screen-types.ts';

/** The helpdesk screens by route name. */
export const helpdeskScreens: ScreenMap = {
  'layout:helpdesk': () =>
    import('./helpdesk-layout.tsx').then((m) => ({ Component: m.HelpdeskLayout })),
  helpdeskoverview: () =>
    import('./overview-page.tsx').then((m) => ({ Component: m.OverviewPage })),
  helpdeskticket: () =>
    import('./ticket-list-page.tsx').then((m) => ({ Component: m.TicketListPage })),
  helpdeskticketdetail: () =>
    import('./ticket-detail-page.tsx').then((m) => ({ Component: m.TicketDetailPage })),
  helpdeskinvoice: () => import('./invoice-page.tsx').then((m) => ({ Component: m.InvoicePage })),
  helpdeskmailing: () => import('./mailing-page.tsx').then((m) => ({ Component: m.MailingPage })),
  helpdeskaddress: () =>
    import('./address-list-page.tsx').then((m) => ({ Component: m.AddressListPage })),
  helpdeskaddressdetail: () =>
    import('./address-detail-page.tsx').then((m) => ({ Component: m.AddressDetailPage })),
};
