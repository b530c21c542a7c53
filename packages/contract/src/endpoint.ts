import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: anyone (login, password reset).
 * - `user`: any logged-in identity.
 * - `domain`: a logged-in identity that may act on the `{domain}` path parameter.
 */
export type Access = 'public' | 'user' | 'domain';

/** Login identity types. HOSTING is the full hosting user. */
export const USER_TYPES = ['HOSTING', 'DOMAIN', 'EMAIL'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** A domain's package: HOSTING has webhosting, DOMAIN is a domain without hosting (DNS only). */
export type HostingPackage = 'DOMAIN' | 'HOSTING';

/**
 * Who may use webhosting (subdomains, web users, protected directories, databases, files):
 * a HOSTING login, on a domain with the HOSTING package, changes only while the plan is active.
 * Every webhosting endpoint spreads it, so the rule lives here once.
 */
export const WEBHOSTING_ACCESS = {
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  activePlan: true,
} as const;

/**
 * The customer's own logins. A mailbox's login (EMAIL) is not the customer: the shop, the helpdesk,
 * DNS and managing the domain's mail are not its to use (the web hides them from it by this too).
 */
export const CUSTOMER_LOGINS = ['HOSTING', 'DOMAIN'] as const;

/** How the response body is produced: JSON validated by `response`, or a streamed file. */
export type ResponseKind = 'json' | 'file';

/**
 * One HTTP endpoint: the single source of truth for its path, input, output and error codes.
 * The server registers handlers from it, the web client calls it, OpenAPI is generated from it.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path as in the specs, with `{name}` placeholders: `/api/{domain}/user/update`. */
  path: string;
  access: Access;
  /** Identity types allowed; all when absent. */
  userTypes?: readonly UserType[];
  /** Packages of the `{domain}` that may use it (403 `not_for_package`); all when absent. */
  packages?: readonly HostingPackage[];
  /** Changes (non-GET) need an active plan (403 `plan_inactive`; specs: services unavailable). */
  activePlan?: boolean;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  responseKind?: ResponseKind;
  /** The `custom_message` codes this endpoint can answer besides the common ones. */
  errors: readonly string[];
  /**
   * Costly for the server (walks a tree, streams a dump or a zip): at most
   * `LIMITS.fairUse.expensivePerCustomer` of these run at once per customer; more answer 429
   * `too_many_running` with Retry-After, so one customer cannot starve the others.
   */
  expensive?: boolean;
  /** Largest accepted request body in bytes (default: the server's JSON limit). */
  bodyLimit?: number;
}

type InferOr<T, F> = T extends z.ZodType ? z.infer<T> : F;

export type ParamsOf<E> = E extends Endpoint<infer P> ? InferOr<P, undefined> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q> ? InferOr<Q, undefined> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B>
    ? InferOr<B, undefined>
    : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.infer<R>
    : never;

/** The input a caller passes: only the parts the endpoint declares. */
export type InputOf<E> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/** Keeps the literal types of a descriptor (its access, its schemas) for handlers and clients. */
export function defineEndpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** `/api/{domain}/x` -> `/api/:domain/x` for routers that use colon parameters. */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\??\}/g, ':$1');
}

/** Fills `{name}` placeholders with URI-encoded values. */
export function fillPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
