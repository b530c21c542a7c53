/**
 * `@haven/contract/routes`: the endpoints of the first load (login, session, user, notifications,
 * the shell's cart and payment return) without their zod schemas. Nothing here may import a schema module except as a type; the
 * full descriptors stay the source of truth (see route.ts and routes.test.ts).
 */
export * as auth from './auth.ts';
export * as account from './account.ts';
export * as shop from './shop.ts';
export * as sitebuilder from './sitebuilder.ts';
export type { EndpointOf, Route, RouteFields, RouteInfo } from './route.ts';
