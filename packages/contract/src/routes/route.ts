import type { Access, Endpoint, HttpMethod, ResponseKind } from '../endpoint.ts';

/** What a client reads of an endpoint at runtime; a full endpoint and a route both have it. */
export interface RouteInfo {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly responseKind?: ResponseKind | undefined;
}

// Exists only in types: a route carries its endpoint's type here, never a value.
declare const endpointType: unique symbol;

/** The runtime fields of endpoint E, each typed as E's own literal so a drifted copy fails tsc. */
export type RouteFields<E extends Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly access: E['access'];
} & (E extends { responseKind: infer K }
  ? { readonly responseKind: K }
  : { readonly responseKind?: undefined });

/**
 * An endpoint without its zod schemas: enough to call it, typed as the full endpoint. Screens on
 * the first load call through routes so they never load zod (issue #2: the login route's budget).
 */
export type Route<E extends Endpoint> = RouteFields<E> & { readonly [endpointType]?: E };

/** The full endpoint type behind a route, or the endpoint itself. */
export type EndpointOf<T> = T extends Endpoint
  ? T
  : T extends { readonly [endpointType]?: infer E }
    ? E
    : never;

/**
 * Declares the route of endpoint E; use with `import type` of the area so no schema is loaded.
 * The fields must equal E's literals (tsc), and routes.test.ts compares them at runtime too.
 */
export function route<E extends Endpoint>(fields: RouteFields<E>): Route<E> {
  return fields;
}
