import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { domainParams } from './account.ts';

/**
 * SSL certificates of a domain (specs part 1 §2 "SSL", §3, §4 "SSL states"; part 2 service
 * states). One certificate per domain covers the host names of all its subdomains; it is
 * requested by ACME (HTTP-01 answered by the domain's own nginx) or, in the local profile, signed
 * by Haven's local CA. The web shows the codes as `ssl:error.<code>`.
 */

/** none: not on the plan; inactive: on the plan, never requested (start); pending: being handled. */
export const SSL_STATES = ['none', 'inactive', 'pending', 'active', 'error'] as const;
export type SslState = (typeof SSL_STATES)[number];

export const SSL_ERRORS = [
  /** The plan has no SSL (premium hosting includes it). */
  'ssl_not_in_plan',
  /** A request is already being handled. */
  'ssl_pending',
  /** A name that is not one of this domain's host names. */
  'ssl_invalid_names',
  /** The domain has no subdomain to cover. */
  'ssl_no_names',
  /** The ACME server or the local CA cannot be reached now. */
  'unavailable',
] as const;
export type SslError = (typeof SSL_ERRORS)[number];

/** Specs: a request takes a few hours up to 48 hours. */
export const SSL_PENDING_MAX_HOURS = 48;
/** Most names one certificate may cover (Let's Encrypt's limit). */
export const SSL_MAX_NAMES = 100;

/** Why the last request or renewal failed (the state is `error` or the renewal kept the old one). */
export const SSL_FAILURES = ['challenge', 'rejected', 'unreachable', 'install'] as const;

/**
 * How one host name stands. `covered`: the installed, unexpired certificate names it (served over
 * HTTPS); `pending`: a request that will cover it runs (a new subdomain's name is added to the
 * certificate by itself); `failed`: the last request for it failed (`failure` says why); `none`:
 * not asked for (SSL not on the plan, or never requested). Only `covered` is reachable securely.
 */
export const SSL_NAME_STATES = ['covered', 'pending', 'failed', 'none'] as const;
export type SslNameState = (typeof SSL_NAME_STATES)[number];

export const sslNameCoverage = z.object({
  name: z.string(),
  state: z.enum(SSL_NAME_STATES),
  /** Why the last request for this name failed (state `failed`); null otherwise. */
  failure: z.enum(SSL_FAILURES).nullable(),
});
export type SslNameCoverage = z.infer<typeof sslNameCoverage>;

export const sslCertificate = z.object({
  status: z.enum(SSL_STATES),
  /** `DV`: domain validated (the only kind ACME issues). Null before the first certificate. */
  type: z.string().nullable(),
  /** Key algorithm of the certificate: `ECDSA P-256`. */
  alg: z.string().nullable(),
  /** Where the site is served over HTTPS: the first covered host name; null while none is. */
  url: z.string().nullable(),
  /** The issuing CA's name (from the certificate). */
  issuer: z.string().nullable(),
  /** Epoch ms; null before the first certificate. */
  expiresAt: z.number().nullable(),
  /**
   * Host names the certificate covers (active), or the request asks for (pending); only names of
   * the domain's subdomains now (a deleted subdomain's name drops out).
   */
  names: z.array(z.string()),
  /** Host names of the domain's subdomains now: what a (new) request covers. */
  hostnames: z.array(z.string()),
  /** Per host name (in `hostnames` order): covered, pending, failed (with why) or none. */
  coverage: z.array(sslNameCoverage),
  requestedAt: z.number().nullable(),
  failure: z.enum(SSL_FAILURES).nullable(),
});
export type SslCertificate = z.infer<typeof sslCertificate>;

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const sslStartBody = z.object({
  /** Names to cover (all of the domain's host names when absent); each must be the domain's own. */
  names: z
    .array(z.string().trim().toLowerCase().regex(HOSTNAME, 'ssl_invalid_names'))
    .min(1)
    .max(SSL_MAX_NAMES)
    .optional(),
});
export type SslStartBody = z.infer<typeof sslStartBody>;

export const getSsl = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/webhosting/ssl',
  ...WEBHOSTING_ACCESS,
  tag: 'ssl',
  summary: 'The SSL certificate state of the domain',
  params: domainParams,
  response: sslCertificate,
  errors: [],
});

export const startSsl = defineEndpoint({
  method: 'POST',
  path: '/api/{domain}/webhosting/ssl',
  ...WEBHOSTING_ACCESS,
  tag: 'ssl',
  summary: 'Request (or renew) the certificate; it is handled in the background (pending)',
  params: domainParams,
  body: sslStartBody,
  response: sslCertificate,
  errors: SSL_ERRORS,
});
