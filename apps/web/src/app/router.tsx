import { Navigate, replace, type RouteObject } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { paymentReturn } from '../lib/payment-return.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES, type RouteHandle, type RouteName } from '../lib/paths.ts';
import type { LazyRoute } from '../lib/screen-types.ts';
import { SCREENS } from './screens.ts';
import { GuestLayout } from './shell/guest-layout.tsx';

/** Screens not built yet exist at their paths but are linked nowhere. */
const notAvailable: LazyRoute = () =>
  import('../components/not-found-page.tsx').then((m) => ({ Component: m.NotAvailablePage }));

function named(name: RouteName, lazy: LazyRoute = SCREENS[name] ?? notAvailable): RouteObject {
  return { path: ROUTES[name], handle: { name } satisfies RouteHandle, lazy };
}

/** A container route: its own name, an index child (a screen or a redirect), then its children. */
function container(name: RouteName, index: RouteObject, children: RouteObject[]): RouteObject {
  const layout = SCREENS[`layout:${name}`];
  return {
    path: ROUTES[name],
    handle: { name } satisfies RouteHandle,
    ...(layout ? { lazy: layout } : {}),
    children: [{ ...index, index: true } as RouteObject, ...children],
  };
}

const redirectTo = (to: string): RouteObject => ({ element: <Navigate to={to} replace /> });

const webhostingChildren: RouteName[] = [
  'subdomain',
  'subdomainadd',
  'subdomaindetail',
  'dns',
  'dnsadd',
  'database',
  'databaseadd',
  'databaseuseradd',
  'databaseuserdetail',
  'databasedetail',
  'protecteddirectory',
  'protecteddirectoryadd',
  'protecteddirectoryuseradd',
  'protecteddirectoryuserdetail',
  'protecteddirectorydetail',
  'web-user',
  'web-user-add',
  'web-user-detail',
  'webapp',
  'webappadd',
  'ssl',
  'log',
  'logdetail',
  'filemanager',
  'filemanageredit',
  'statistics',
  'cronjob',
  'cronjobadd',
  'cronjobdetail',
];

const mailChildren: RouteName[] = [
  'mailaddress',
  'mailaddressadd',
  'mailaddressdetail',
  'maillist',
  'maillistadd',
  'maillistdetail',
  'mailsettings',
  'webmail',
  'mailforward',
  'mailforwardadd',
  'mailforwarddetail',
];

const helpdeskChildren: RouteName[] = [
  'helpdeskoverview',
  'helpdeskticket',
  'helpdeskticketdetail',
  'helpdeskinvoice',
  'helpdeskaddress',
  'helpdeskaddressdetail',
  'helpdeskmailing',
];

const upgradeChildren: RouteName[] = [
  'upgradestep',
  'upgradeproducts',
  'cart',
  'upgradesuccess',
  'upgradefailure',
];

const shell: LazyRoute = () =>
  import('./shell/app-shell.tsx').then((m) => ({ Component: m.AppShellLayout }));
const domainGuard: LazyRoute = () =>
  import('./shell/domain-guard.tsx').then((m) => ({ Component: m.DomainGuard }));

/**
 * The greeting (the dashboard's largest paint) needs the dashboard's texts: they load beside the
 * screen's code, not after its first render (one round trip less on a phone).
 */
const dashboardScreen: LazyRoute = async () => {
  const [screen] = await Promise.all([
    import('../features/dashboard/real-dashboard-page.tsx'),
    i18n.loadNamespaces('dashboard'),
  ]);
  return { Component: screen.RealDashboardPage };
};

/** The route table of both specs (paths and names in lib/paths.ts). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Before any guard redirects: a payment return on any route is kept across the login.
    loader: ({ request }) => {
      const clean = paymentReturn.capture(new URL(request.url));
      return clean === null ? null : replace(clean);
    },
    // The first screen's lazy chunk is loading: nothing yet (the chunk is small and cached after).
    hydrateFallbackElement: <></>,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <GuestLayout />,
            children: [
              named('login', () =>
                import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
              ),
              named('password-forgotten', () =>
                import('../features/auth/password-forgotten-page.tsx').then((m) => ({
                  Component: m.PasswordForgottenPage,
                })),
              ),
              named('password-forgotten-change', () =>
                import('../features/auth/password-forgotten-change-page.tsx').then((m) => ({
                  Component: m.PasswordForgottenChangePage,
                })),
              ),
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: shell,
            children: [
              container(
                'dashboard',
                {
                  handle: { name: 'real-dashboard' } satisfies RouteHandle,
                  lazy: dashboardScreen,
                },
                [],
              ),
              {
                lazy: domainGuard,
                children: [
                  named('account', () =>
                    import('../features/account/account-page.tsx').then((m) => ({
                      Component: m.AccountPage,
                    })),
                  ),
                  named('sitebuilder'),
                  container(
                    'webhosting',
                    redirectTo('subdomain'),
                    webhostingChildren.map((n) => named(n)),
                  ),
                  container(
                    'mail',
                    redirectTo('address'),
                    mailChildren.map((n) => named(n)),
                  ),
                  container(
                    'upgrade',
                    { lazy: SCREENS.upgrade ?? notAvailable },
                    upgradeChildren.map((n) => named(n)),
                  ),
                ],
              },
              container(
                'helpdesk',
                redirectTo('overview'),
                helpdeskChildren.map((n) => named(n)),
              ),
              {
                path: '*',
                lazy: () =>
                  import('../components/not-found-page.tsx').then((m) => ({
                    Component: m.NotFoundPage,
                  })),
              },
            ],
          },
        ],
      },
    ],
  },
];
