import type { ScreenMap } from '../../lib/screen-types.ts';

const step = () =>
  import('./upgrade-step-page.tsx').then((m) => ({ Component: m.UpgradeStepPage }));

/** The shop screens by route name (lazy: each loads with its own chunk). */
export const shopScreens: ScreenMap = {
  'layout:upgrade': () =>
    import('./upgrade-layout.tsx').then((m) => ({ Component: m.UpgradeLayout })),
  upgrade: step,
  upgradestep: step,
  upgradeproducts: () =>
    import('./my-products-page.tsx').then((m) => ({ Component: m.MyProductsPage })),
  cart: () => import('./cart-page.tsx').then((m) => ({ Component: m.CartPage })),
  upgradesuccess: () =>
    import('./upgrade-result-page.tsx').then((m) => ({ Component: m.UpgradeSuccessPage })),
  upgradefailure: () =>
    import('./upgrade-result-page.tsx').then((m) => ({ Component: m.UpgradeFailurePage })),
  sitebuilder: () =>
    import('./sitebuilder-page.tsx').then((m) => ({ Component: m.SitebuilderPage })),
};
