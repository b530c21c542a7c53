import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { isAscii } from '../rules/text.ts';
import { domainParams } from './account.ts';
import { servicePassword, servicePasswordBody } from './webhosting/names.ts';

/**
 * Customer MariaDB databases and their users (specs part 1 §2 "Database list, add, detail...").
 * Names on the server are `<prefix>_<name>`: the customer's prefix (the cPanel `user_db`
 * convention) keeps two customers from ever choosing the same name. The screens and the paths
 * use the full name; the customer types only the part after the prefix.
 */

/** Error codes; the web shows them as `webhosting.database.error.<code>` (specs §8). */
export const DATABASE_ERRORS = [
  'invalid_name',
  'general',
  'invalid_password',
  'invalid_username',
  'user_exists',
  'database_exists',
  'max_databases',
  'unavailable',
  /** The database was created, its first user was not; the web opens the detail with this key. */
  'passed_invalid_password',
  'passed_invalid_username',
  'passed_user_exists',
  'passed_general',
] as const;
export type DatabaseError = (typeof DATABASE_ERRORS)[number];

/** The `passed_` code for a first-user failure after the database itself was made. */
export function passedError(code: string): DatabaseError {
  const passed = `passed_${code}`;
  return (DATABASE_ERRORS as readonly string[]).includes(passed)
    ? (passed as DatabaseError)
    : 'passed_general';
}

/** MariaDB's limit for database names; the strict bound Haven keeps for user names (MySQL's 32). */
export const DATABASE_NAME_MAX = 64;
export const DATABASE_USER_MAX = 32;
/** Longest prefix Haven hands out, underscore included: 8 letters, 2 digits, `_`. */
export const DATABASE_PREFIX_MAX = 11;
/** What the customer may type after the prefix, so the full name always fits. */
export const DATABASE_PART_MAX = DATABASE_NAME_MAX - DATABASE_PREFIX_MAX;
export const DATABASE_USER_PART_MAX = DATABASE_USER_MAX - DATABASE_PREFIX_MAX;

/**
 * Lower-case ASCII letters, digits and `_`, starting with a letter or digit. Nothing that could
 * end a quoted identifier (backtick, quote), no `%` (a grant wildcard), no unicode. `_` is also
 * a grant wildcard: the server escapes it in GRANT, the name may keep it.
 */
export const DATABASE_NAME_PATTERN = /^[a-z0-9][a-z0-9_]*$/;
/** A full server-side name as it appears in paths (prefix included). */
const FULL_NAME_PATTERN = /^[a-z0-9][a-z0-9_]*_[a-z0-9_]+$/;

/** The part after the prefix: lower-cased before it is judged, as the specs ask. */
function namePart(max: number) {
  return z
    .string({ error: VALIDATION.required })
    .trim()
    .toLowerCase()
    .min(1, VALIDATION.required)
    .refine(isAscii, VALIDATION.nonAscii)
    .refine((v) => DATABASE_NAME_PATTERN.test(v), VALIDATION.regex)
    .refine((v) => v.length <= max, VALIDATION.tooLong);
}
export const databaseNamePart = namePart(DATABASE_PART_MAX);
export const databaseUserPart = namePart(DATABASE_USER_PART_MAX);

const fullName = (max: number) => z.string().max(max).regex(FULL_NAME_PATTERN);
/** A database user's password follows the service policy of FTP and protected-directory users. */
const password = servicePassword;

export const databaseParams = domainParams.extend({ name: fullName(DATABASE_NAME_MAX) });
export const databaseUserParams = databaseParams.extend({ user: fullName(DATABASE_USER_MAX) });

export const databaseUser = z.object({
  /** Full name, prefix included (what a site's config needs). */
  name: z.string(),
  created_at: z.string(),
});
export type DatabaseUser = z.infer<typeof databaseUser>;

export const database = z.object({
  /** Full name, prefix included. */
  name: z.string(),
  /** Bytes on the server; null while the server cannot be asked. */
  size: z.number().int().nonnegative().nullable(),
  users: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type Database = z.infer<typeof database>;

export const databaseList = z.object({
  /** The customer's prefix with its `_`; null until the server could be reached once. */
  prefix: z.string().nullable(),
  /** From the domain's plan. */
  max_databases: z.number().int(),
  /** False when the MariaDB server cannot be reached: the screens show a notice. */
  available: z.boolean(),
  databases: z.array(database),
});
export type DatabaseList = z.infer<typeof databaseList>;

/** Where a site or a tool connects to the customer's databases (the operator's settings). */
export const databaseConnection = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535),
});
export type DatabaseConnection = z.infer<typeof databaseConnection>;

export const databaseDetail = z.object({
  database,
  users: z.array(databaseUser),
  available: z.boolean(),
  connection: databaseConnection,
});
export type DatabaseDetail = z.infer<typeof databaseDetail>;

const base = '/api/{domain}/webhosting/database';
const tag = 'databases';

export const listDatabases = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The databases of the domain, with their sizes and the plan limit',
  params: domainParams,
  response: databaseList,
  errors: [],
});

export const getDatabase = defineEndpoint({
  method: 'GET',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'One database and its users',
  params: databaseParams,
  response: databaseDetail,
  errors: [],
});

/** `username` and `password` together make the first user in the same step (the add screen). */
export const createDatabaseBody = z
  .object({
    name: databaseNamePart,
    username: databaseUserPart.optional(),
    password: password.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.username !== undefined && v.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.required });
    }
    if (v.password !== undefined && v.username === undefined) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: VALIDATION.required });
    }
  });
export type CreateDatabaseBody = z.input<typeof createDatabaseBody>;

export const createDatabase = defineEndpoint({
  method: 'POST',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary:
    'Create a database, and optionally its first user. When the user fails after the database was made, ' +
    'the answer is a passed_ code and the database stays.',
  params: domainParams,
  body: createDatabaseBody,
  response: z.object({ database, user: databaseUser.nullable() }),
  errors: DATABASE_ERRORS,
});

export const deleteDatabase = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Delete a database and its users',
  params: databaseParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ['general', 'unavailable'],
});

/**
 * A browser cannot send the bearer header on a plain link, and a blob would hold the whole dump
 * in memory. The web asks for a single-use ticket (60 s) and lets the browser fetch the file.
 */
export const createDownloadTicket = defineEndpoint({
  method: 'POST',
  path: `${base}/{name}/download-ticket`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'A single-use ticket (60 seconds) for downloading the database',
  params: databaseParams,
  response: z.object({ ticket: z.string(), expires_at: z.string() }),
  errors: ['unavailable'],
});

export const downloadQuery = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, VALIDATION.regex),
});

export const downloadDatabase = defineEndpoint({
  method: 'GET',
  expensive: true,
  path: `${base}/{name}/download`,
  access: 'public',
  tag,
  summary:
    'The database as an SQL file (a consistent dump, streamed); authorised by a download ticket',
  params: databaseParams,
  query: downloadQuery,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['unavailable', 'general'],
});

export const listDatabaseUsers = defineEndpoint({
  method: 'GET',
  path: `${base}/{name}/user`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The users of a database',
  params: databaseParams,
  response: z.object({ users: z.array(databaseUser) }),
  errors: [],
});

export const createDatabaseUserBody = z.object({ name: databaseUserPart, password });

export const createDatabaseUser = defineEndpoint({
  method: 'POST',
  path: `${base}/{name}/user`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Add a user with all privileges on this database only',
  params: databaseParams,
  body: createDatabaseUserBody,
  response: databaseUser,
  errors: ['invalid_username', 'invalid_password', 'user_exists', 'general', 'unavailable'],
});

export const changeDatabaseUserPasswordBody = servicePasswordBody;

export const changeDatabaseUserPassword = defineEndpoint({
  method: 'POST',
  path: `${base}/{name}/user/{user}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: "Change a database user's password",
  params: databaseUserParams,
  body: changeDatabaseUserPasswordBody,
  response: z.object({ updated: z.literal(true) }),
  errors: ['invalid_password', 'general', 'unavailable'],
});

export const deleteDatabaseUser = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{name}/user/{user}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Delete a database user',
  params: databaseUserParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ['general', 'unavailable'],
});
