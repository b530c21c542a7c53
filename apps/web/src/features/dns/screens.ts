import type { ScreenMap } from '../../lib/screen-types.ts';

/** The dns screens by route name (lazy: each loads with its own chunk). */
export const dnsScreens: ScreenMap = {
  dns: () => import('./dns-page.tsx').then((m) => ({ Component: m.DnsPage })),
  dnsadd: () => import('./dns-add-page.tsx').then((m) => ({ Component: m.DnsAddPage })),
};
