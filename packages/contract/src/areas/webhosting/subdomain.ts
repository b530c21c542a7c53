import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../../endpoint.ts';
import { domainParams } from '../account.ts';
import { iniAvailableEntry, iniOverrides } from './php-ini.ts';

/** Error codes; the web shows them as `webhosting.subdomain.error.<code>` (specs §8). */
export const SUBDOMAIN_ERRORS = [
  'ftp_account_not_deletable',
  'ftp_password_required',
  'invalid_ftp_password',
  'invalid_ftp_username',
  'ftp_username_exists',
  'unknown_ftp_account',
  'empty_name',
  'invalid_name',
  'reserved_name',
  'name_exists',
  'invalid_php_version',
  'invalid_ini_key',
  'invalid_ini_value',
  'perl_not_offered',
  'python_not_offered',
  'www_not_deletable',
  'webapps_linked',
  'unknown_error',
] as const;
export type SubdomainError = (typeof SUBDOMAIN_ERRORS)[number];

/** The default handler of a new subdomain (specs §9), replaced by the newest installed version. */
export const DEFAULT_PHP_HANDLER = 'php74';
/** `php82` for PHP 8.2. */
export const PHP_HANDLER_PATTERN = /^php[0-9]{2,3}$/;

export const phpVersion = z.object({ value: z.string(), text: z.string() });
export type PhpVersion = z.infer<typeof phpVersion>;

export const ftpAccountRef = z.object({ id: z.number().int(), name: z.string() });

export const subdomain = z.object({
  /** The full host name: `blog.example.nl`. */
  name: z.string(),
  /** The part before the domain: `blog` (and the `{sub}` of the paths). */
  name_short: z.string(),
  /** Perl and Python (CGI) are not offered on a Haven installation: always false. */
  perl: z.boolean(),
  python: z.boolean(),
  /** null: static files only (no PHP installed). */
  phpHandlerId: z.string().nullable(),
  /** The web user (FTP account) that works on this subdomain's files. */
  ftpAccount: ftpAccountRef.nullable(),
  /** The document root inside the domain's home: `httpdocs` or `subdomains/<name>`. */
  docroot: z.string(),
});
export type Subdomain = z.infer<typeof subdomain>;

/**
 * The FTP account choice: an existing web user by `id`, or a new one ("other FTP user") with
 * `name` and `password`. Names and passwords are judged by the service, which answers the
 * catalogue's codes.
 */
export const ftpAccountInput = z.object({
  id: z.number().int().positive().nullable().optional(),
  name: z.string().max(255).optional(),
  password: z.string().max(255).optional(),
});
export type FtpAccountInput = z.infer<typeof ftpAccountInput>;

/**
 * The specs' entity carries Perl and Python flags, so a client may send them back: `false` is
 * accepted (it is what they are), `true` answers `perl_not_offered` / `python_not_offered`.
 */
const languageFlags = { perl: z.boolean().optional(), python: z.boolean().optional() };

export const createSubdomainBody = z.object({
  name: z.string().max(255),
  phpHandlerId: z.string().max(16).nullable(),
  ftpAccount: ftpAccountInput.nullable().optional(),
  ...languageFlags,
});
export type CreateSubdomainBody = z.input<typeof createSubdomainBody>;

export const updateSubdomainBody = z.object({
  phpHandlerId: z.string().max(16).nullable().optional(),
  ftpAccount: ftpAccountInput.nullable().optional(),
  ...languageFlags,
});
export type UpdateSubdomainBody = z.input<typeof updateSubdomainBody>;

export const subParams = domainParams.extend({ sub: z.string().min(1).max(253) });

const base = '/api/{domain}/webhosting/subdomain';
const tag = 'webhosting';

export const listSubdomains = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The subdomains of the domain (www first)',
  params: domainParams,
  response: z.object({ subdomains: z.array(subdomain) }),
  errors: [],
});

export const getSubdomain = defineEndpoint({
  method: 'GET',
  path: `${base}/{sub}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'One subdomain',
  params: subParams,
  response: subdomain,
  errors: [],
});

export const createSubdomain = defineEndpoint({
  method: 'POST',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary:
    'Add a subdomain: its folder, web server block and PHP pool, and optionally a new FTP user',
  params: domainParams,
  body: createSubdomainBody,
  response: subdomain,
  errors: SUBDOMAIN_ERRORS,
});

export const updateSubdomain = defineEndpoint({
  method: 'POST',
  path: `${base}/{sub}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Change the PHP version or the FTP account of a subdomain',
  params: subParams,
  body: updateSubdomainBody,
  response: subdomain,
  errors: SUBDOMAIN_ERRORS,
});

export const deleteSubdomain = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{sub}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Delete a subdomain: its web server block and protected directories (its files stay)',
  params: subParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: SUBDOMAIN_ERRORS,
});

export const getPhpVersions = defineEndpoint({
  method: 'GET',
  path: `${base}/{sub}/php`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The PHP versions installed on the server, newest last',
  params: subParams,
  response: z.object({ versions: z.array(phpVersion) }),
  errors: [],
});

export const getIniAvailable = defineEndpoint({
  method: 'GET',
  path: `${base}/{sub}/ini-available`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The PHP settings that may be changed, with their defaults',
  params: subParams,
  response: z.object({ available: z.array(iniAvailableEntry) }),
  errors: [],
});

export const getIni = defineEndpoint({
  method: 'GET',
  path: `${base}/{sub}/ini`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The PHP settings changed for this subdomain (key -> value)',
  params: subParams,
  response: z.object({ ini: z.record(z.string(), z.string()) }),
  errors: [],
});

export const setIni = defineEndpoint({
  method: 'POST',
  path: `${base}/{sub}/ini`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Replace the changed PHP settings; a key left out or empty goes back to its default',
  params: subParams,
  body: z.object({ ini: iniOverrides }),
  response: z.object({ ini: z.record(z.string(), z.string()) }),
  errors: SUBDOMAIN_ERRORS,
});
