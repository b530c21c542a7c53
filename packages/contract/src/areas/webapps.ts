import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { passwordProblems } from '../password/policy.ts';
import { LANGUAGES } from '../languages.ts';
import { domainParams } from './account.ts';

/**
 * One-click web apps (specs part 1 "Web apps list", part 2 "Web app add", install payload).
 * The add screen shows these codes raw (specs part 2 §8); the list shows them translated. A
 * value that breaks a rule of `installBody` is refused by the schema (422 `validation`, `fields`).
 */
export const WEBAPP_ERRORS = [
  'unknown_package',
  'invalid_subdomain',
  'invalid_directory',
  'directory_not_empty',
  'install_running',
  'source_missing',
  'checksum_mismatch',
  'database_failed',
  'installer_failed',
  'install_failed',
  'not_found',
] as const;
export type WebappError = (typeof WEBAPP_ERRORS)[number];

/** Specs part 2 §5: a web app admin password is 16 to 32 characters, upper, lower, digit, special. */
export const WEBAPP_PASSWORD = { min: 16, max: 32 } as const;
export const WEBAPP_PROTOCOLS = ['http', 'https'] as const;
/** Specs part 2 §9: http unless the customer picks https. */
export const DEFAULT_WEBAPP_PROTOCOL = 'http';

/** The domain's main site (its `www` subdomain, which also answers the bare domain). */
export const MAIN_SITE = 'www';

/** Folder names inside a docroot: letters, digits, `-`, `_`, `.` (not leading), `/` between. */
export const INSTALL_DIRECTORY_PATTERN =
  /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,63})(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}){0,7}$/;
/** One folder name: no slashes, no spaces, no dots at the start. */
export const ADMIN_PATH_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/;
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,60}$/;

/** The rules a web app admin password breaks (empty when it is accepted). */
export function webappPasswordProblems(password: string, username?: string) {
  return passwordProblems(password, { ...WEBAPP_PASSWORD, username, variant: 'full' }).filter(
    (rule) => rule !== 'weak',
  );
}

/** Normalises the directory as the customer typed it: no leading or trailing slashes. */
export const cleanDirectory = (dir: string) => dir.trim().replace(/^\/+|\/+$/g, '');

export const webappVersion = z.object({ key: z.string(), name: z.string() });
export const webappPackageGroup = z.object({
  name: z.string(),
  versions: z.array(webappVersion),
});
export type WebappPackageGroup = z.infer<typeof webappPackageGroup>;

export const webapp = z.object({
  id: z.number().int(),
  /** The package version's key (`wordpress-6.1`). */
  package: z.string(),
  name: z.string(),
  version: z.string(),
  subdomain: z.string(),
  /** '' is the subdomain's document root itself. */
  directory: z.string(),
  url: z.string(),
  admin_url: z.string(),
  state: z.enum(['installing', 'ready', 'failed']),
  /** The install job (its progress: `GET /api/{domain}/job/{id}`). */
  job: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Webapp = z.infer<typeof webapp>;

/** A site title may hold any text but a control character (it goes into the app's config). */
const NO_CONTROL = /^\P{Cc}*$/u;

/** The folder as typed: empty (the document root itself) or folders by the pattern, slashes trimmed. */
const installDirectory = z
  .string()
  .max(255, VALIDATION.tooLong)
  .refine((v) => {
    const dir = cleanDirectory(v);
    return dir === '' || INSTALL_DIRECTORY_PATTERN.test(dir);
  }, VALIDATION.regex);

/**
 * Specs part 2 §3 "Web app install payload" (plus the site's title, which the installer needs):
 * every rule of the form, judged the same by the server and the add screen.
 */
export const installBody = z
  .object({
    webapp: z.string().min(1, VALIDATION.required).max(64),
    subdomain: z.object({
      id: z.string().min(1, VALIDATION.required).max(63),
      text: z.string().max(255),
    }),
    install_directory: installDirectory,
    admin_email: z.email(VALIDATION.email).max(254, VALIDATION.tooLong),
    admin_username: z
      .string()
      .min(1, VALIDATION.required)
      .regex(ADMIN_USERNAME_PATTERN, VALIDATION.regex),
    admin_password: z.string().min(1, VALIDATION.required).max(255, VALIDATION.tooLong),
    admin_passwordRepeat: z.string().min(1, VALIDATION.required).max(255, VALIDATION.tooLong),
    admin_path: z
      .string()
      .trim()
      .min(1, VALIDATION.required)
      .regex(ADMIN_PATH_PATTERN, VALIDATION.regex),
    protocol: z.enum(WEBAPP_PROTOCOLS).default(DEFAULT_WEBAPP_PROTOCOL),
    overwrite: z.boolean().default(false),
    title: z
      .string()
      .trim()
      .max(100, VALIDATION.tooLong)
      .regex(NO_CONTROL, VALIDATION.regex)
      .optional(),
    /** The panel's language: the site's follows it (nl: Dutch, where the app ships it). Default nl. */
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.admin_password && webappPasswordProblems(b.admin_password, b.admin_username).length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['admin_password'],
        message: VALIDATION.invalidPassword,
      });
    if (b.admin_password !== b.admin_passwordRepeat)
      ctx.addIssue({
        code: 'custom',
        path: ['admin_passwordRepeat'],
        message: VALIDATION.confirmed,
      });
  });
export type InstallBody = z.input<typeof installBody>;
/** An install as the server gets it: parsed, so trimmed and with its defaults. */
export type InstallValues = z.output<typeof installBody>;

const base = '/api/{domain}/webhosting/webapp';
const tag = 'webapps';
export const webappParams = domainParams.extend({ id: z.coerce.number().int().positive() });

export const listPackages = defineEndpoint({
  method: 'GET',
  path: `${base}/packages`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The packages that can be installed: groups of versions, each a key and a name',
  params: domainParams,
  response: z.object({ packages: z.array(webappPackageGroup) }),
  errors: [],
});

export const listWebapps = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The web apps installed on the domain',
  params: domainParams,
  response: z.object({ webapps: z.array(webapp) }),
  errors: [],
});

export const installWebapp = defineEndpoint({
  method: 'POST',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Install a web app (a background job: answers the app and its job id)',
  params: domainParams,
  body: installBody,
  response: z.object({ webapp, job: z.string() }),
  errors: WEBAPP_ERRORS,
});

export const deleteWebapp = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{id}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Delete a web app: its files and its database',
  params: webappParams,
  response: z.object({ ok: z.literal(true) }),
  errors: WEBAPP_ERRORS,
});
