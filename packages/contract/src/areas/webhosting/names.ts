import { z } from 'zod';
import { VALIDATION } from '../../rules/messages.ts';
import { isAscii, SINGLE_LINE } from '../../rules/text.ts';

/**
 * Names of the webhosting area. Each becomes part of a host name, a path, a config file or a
 * pure-ftpd/htpasswd line, so each is a strict whitelist: lower-case ASCII, no path parts, no
 * dots in the wrong place, no spaces, bounded lengths.
 */

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** One or more DNS labels joined by single dots: `blog`, `shop.eu`. */
export const SUBDOMAIN_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL}){0,2}$`);
/** Longest subdomain part; the full host name must also stay within 253. */
export const SUBDOMAIN_MAX = 63;

/** Host names every domain keeps for the provider's own services. */
export const RESERVED_SUBDOMAINS = [
  'mail',
  'webmail',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'ftp',
  'ns',
  'ns1',
  'ns2',
  'ns3',
  'ns4',
  'autoconfig',
  'autodiscover',
  'localhost',
  'panel',
  'cpanel',
  'mx',
] as const;

export function isSubdomainName(value: string): boolean {
  return value.length <= SUBDOMAIN_MAX && SUBDOMAIN_PATTERN.test(value);
}

/** A subdomain name as typed: trimmed, then judged as it is (an upper-case letter is refused, not folded). */
export const subdomainName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(SUBDOMAIN_MAX, VALIDATION.tooLong)
  .refine(isAscii, VALIDATION.nonAscii)
  .refine((v) => SUBDOMAIN_PATTERN.test(v), VALIDATION.regex);

/**
 * A web user (FTP account) name. pure-ftpd logins are global on a server and at most 32 long;
 * letters, digits and `._-` inside, starting with a letter.
 */
export const WEBUSER_PATTERN = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;
export const WEBUSER_MAX = 32;
/** System accounts and service names an FTP login must never look like. */
export const RESERVED_WEBUSERS = [
  'root',
  'admin',
  'administrator',
  'ftp',
  'anonymous',
  'www-data',
  'nobody',
  'daemon',
  'bin',
  'sys',
  'mail',
  'postmaster',
  'webmaster',
  'hostmaster',
  'haven',
  'nginx',
  'mysql',
  'backup',
] as const;

export function isWebUserName(value: string): boolean {
  return value.length <= WEBUSER_MAX && WEBUSER_PATTERN.test(value);
}

export const webUserName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(WEBUSER_MAX, VALIDATION.tooLong)
  .refine(isAscii, VALIDATION.nonAscii)
  .refine((v) => WEBUSER_PATTERN.test(v), VALIDATION.regex);

/** A user of a protected directory (an htpasswd line: no `:`, no spaces). */
export const DIR_USER_PATTERN = /^[a-z0-9][a-z0-9._-]{0,31}$/;
export const dirUserName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(32, VALIDATION.tooLong)
  .refine(isAscii, VALIDATION.nonAscii)
  .refine((v) => DIR_USER_PATTERN.test(v), VALIDATION.regex);

/**
 * A protected directory: a path inside its subdomain's document root, written with `/`
 * between segments (`members`, `shop/admin`). Segments start with a letter or digit, so `.`,
 * `..` and hidden folders cannot be named; a leading or trailing `/` is dropped.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*';
export const DIR_PATH_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,7}$`);
export const DIR_PATH_MAX = 200;

export function normalizeDirPath(value: string): string {
  return value.trim().replace(/^\/+/, '').replace(/\/+$/, '');
}

export function isDirPath(value: string): boolean {
  return value.length <= DIR_PATH_MAX && DIR_PATH_PATTERN.test(value);
}

export const dirPath = z
  .string({ error: VALIDATION.required })
  .transform(normalizeDirPath)
  .pipe(
    z
      .string()
      .min(1, VALIDATION.required)
      .max(DIR_PATH_MAX, VALIDATION.tooLong)
      .refine(isAscii, VALIDATION.nonAscii)
      .refine((v) => DIR_PATH_PATTERN.test(v), VALIDATION.regex),
  );

/** Free text for a person (the realm shown by the browser is derived from it, made safe). */
export const dirDescription = z
  .string()
  .trim()
  .max(100, VALIDATION.tooLong)
  .refine((v) => SINGLE_LINE.test(v), VALIDATION.regex);

/**
 * A service password as sent (FTP, protected-directory and database users): required and
 * bounded here; the policy (`passwordProblems`, variant `service`) is judged by the service,
 * which answers the area's `invalid_password`.
 */
export const servicePassword = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(255, VALIDATION.tooLong);

/** A service user's new password: the body of each area's change-password endpoint. */
export const servicePasswordBody = z.object({ password: servicePassword });
