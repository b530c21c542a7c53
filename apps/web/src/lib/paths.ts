import { generatePath } from 'react-router';

/**
 * The route paths of both specs by route name, a leaf module: features link by name
 * (`routePath('subdomain', { domain })`) without importing the app, and the route table
 * (app/router.tsx) maps each name to its screen, nested under its container.
 * Names in quotes in the specs are kept as they are ('real-dashboard', 'databasedetail', ...).
 */
export const ROUTES = {
  login: '/',
  'password-forgotten': '/password-forgotten',
  'password-forgotten-change': '/password-forgotten/:token',

  dashboard: '/dashboard',
  'real-dashboard': '/dashboard',
  account: '/account/:domain',
  sitebuilder: '/sitebuilder/:domain',

  webhosting: '/webhosting/:domain',
  subdomain: '/webhosting/:domain/subdomain',
  subdomainadd: '/webhosting/:domain/subdomain/add',
  subdomaindetail: '/webhosting/:domain/subdomain/:name',
  dns: '/webhosting/:domain/dns',
  dnsadd: '/webhosting/:domain/dns/add',
  database: '/webhosting/:domain/database',
  databaseadd: '/webhosting/:domain/database/add',
  databaseuseradd: '/webhosting/:domain/database/:name/user',
  databaseuserdetail: '/webhosting/:domain/database/:name/user/:username',
  databasedetail: '/webhosting/:domain/database/:name/:error_passed?',
  protecteddirectory: '/webhosting/:domain/protected-directory',
  protecteddirectoryadd: '/webhosting/:domain/protected-directory/add',
  protecteddirectoryuseradd: '/webhosting/:domain/protected-directory/:name/user',
  protecteddirectoryuserdetail: '/webhosting/:domain/protected-directory/:name/user/:username',
  protecteddirectorydetail: '/webhosting/:domain/protected-directory/:name',
  'web-user': '/webhosting/:domain/web-user',
  'web-user-add': '/webhosting/:domain/web-user/add',
  'web-user-detail': '/webhosting/:domain/web-user/:name',
  webapp: '/webhosting/:domain/webapp',
  webappadd: '/webhosting/:domain/webapp/add',
  ssl: '/webhosting/:domain/ssl',
  log: '/webhosting/:domain/log',
  logdetail: '/webhosting/:domain/log/:name',
  filemanager: '/webhosting/:domain/filemanager/*',
  filemanageredit: '/webhosting/:domain/filemanager/edit/*',
  statistics: '/webhosting/:domain/statistics',
  cronjob: '/webhosting/:domain/cronjob',
  cronjobadd: '/webhosting/:domain/cronjob/:user/add',
  cronjobdetail: '/webhosting/:domain/cronjob/:user/:hash',

  mail: '/mail/:domain',
  mailaddress: '/mail/:domain/:type',
  mailaddressadd: '/mail/:domain/:type/add',
  mailaddressdetail: '/mail/:domain/:type/:name',
  maillist: '/mail/:domain/list',
  maillistadd: '/mail/:domain/list/add',
  maillistdetail: '/mail/:domain/list/:name',
  mailsettings: '/mail/:domain/settings',
  webmail: '/mail/:domain/webmail',
  mailforward: '/mail/:domain/forward',
  mailforwardadd: '/mail/:domain/forward/add',
  mailforwarddetail: '/mail/:domain/forward/:from',

  helpdesk: '/helpdesk',
  helpdeskoverview: '/helpdesk/overview',
  helpdeskticket: '/helpdesk/ticket',
  helpdeskticketdetail: '/helpdesk/ticket/:id',
  helpdeskinvoice: '/helpdesk/invoice',
  helpdeskaddress: '/helpdesk/address',
  helpdeskaddressdetail: '/helpdesk/address/:id',
  helpdeskmailing: '/helpdesk/mailing',

  // The specs leave the upgrade wizard's path open; it lives under the domain it upgrades.
  upgrade: '/upgrade/:domain',
  upgradestep: '/upgrade/:domain/step/:step',
  upgradeproducts: '/upgrade/:domain/products',
  cart: '/upgrade/:domain/cart',
  upgradesuccess: '/upgrade/:domain/success',
  upgradefailure: '/upgrade/:domain/failure',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Every named route's `handle`: a screen reads the current route's name from it. */
export interface RouteHandle {
  name: RouteName;
}

type Segments<P extends string> = P extends `${infer A}/${infer B}` ? Segments<A> | Segments<B> : P;
type RequiredParam<S> = S extends `:${string}?`
  ? never
  : S extends `:${infer N}`
    ? N
    : S extends '*'
      ? '*'
      : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;

/** The parameters of a named route: `:x` required, `:x?` optional, `*` the rest of the path. */
export type RouteParams<N extends RouteName> = {
  [K in RequiredParam<Segments<(typeof ROUTES)[N]>>]: string;
} & {
  [K in OptionalParam<Segments<(typeof ROUTES)[N]>>]?: string;
};

type RouteArgs<N extends RouteName> = [RequiredParam<Segments<(typeof ROUTES)[N]>>] extends [never]
  ? [params?: RouteParams<N>]
  : [params: RouteParams<N>];

/** The path of a named route: `routePath('account', { domain: 'example.nl' })`. */
export function routePath<N extends RouteName>(name: N, ...args: RouteArgs<N>): string {
  const params: Record<string, string | undefined> = args[0] ?? {};
  return generatePath<string>(ROUTES[name], params);
}
