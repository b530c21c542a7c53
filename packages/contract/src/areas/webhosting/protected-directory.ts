import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../../endpoint.ts';
import { VALIDATION } from '../../rules/messages.ts';
import { domainParams } from '../account.ts';
import { servicePassword, servicePasswordBody } from './names.ts';

/** Error codes; the web shows them as `webhosting.protected_directory.error.<code>` (specs §8). */
export const PROTECTED_DIRECTORY_ERRORS = [
  'general_error',
  'invalid_username',
  'invalid_password',
  'name_in_use',
  'invalid_name',
  'invalid_description',
  'unknown_subdomain',
  'user_exists',
] as const;
export type ProtectedDirectoryError = (typeof PROTECTED_DIRECTORY_ERRORS)[number];

export const protectedDirectory = z.object({
  id: z.number().int(),
  /** Short name of the subdomain (`www`, `blog`). */
  subdomain: z.string(),
  /** The path inside the subdomain's document root: `members`, `shop/admin`. */
  name: z.string(),
  description: z.string(),
  users: z.number().int().nonnegative(),
});
export type ProtectedDirectory = z.infer<typeof protectedDirectory>;

export const protectedUser = z.object({ name: z.string() });
export type ProtectedUser = z.infer<typeof protectedUser>;

export const dirParams = domainParams.extend({
  dir: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const dirUserParams = dirParams.extend({ username: z.string().min(1).max(255) });

const base = '/api/{domain}/webhosting/protected-directory';
const tag = 'webhosting';

export const listProtectedDirectories = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The protected directories of the domain',
  params: domainParams,
  response: z.object({ directories: z.array(protectedDirectory) }),
  errors: [],
});

export const getProtectedDirectory = defineEndpoint({
  method: 'GET',
  path: `${base}/{dir}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'One protected directory and its users',
  params: dirParams,
  response: z.object({ directory: protectedDirectory, users: z.array(protectedUser) }),
  errors: [],
});

/** Path and description as sent: the service judges them with the catalogue's codes. */
export const createProtectedDirectoryBody = z.object({
  subdomain: z.string().min(1, VALIDATION.required).max(255),
  name: z.string().max(1000),
  description: z.string().max(1000).optional().default(''),
});
export type CreateProtectedDirectoryBody = z.input<typeof createProtectedDirectoryBody>;

export const createProtectedDirectory = defineEndpoint({
  method: 'POST',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Protect a directory of a subdomain with a password (HTTP basic auth)',
  params: domainParams,
  body: createProtectedDirectoryBody,
  response: protectedDirectory,
  errors: PROTECTED_DIRECTORY_ERRORS,
});

export const deleteProtectedDirectory = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{dir}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Remove the protection (the folder and its files stay)',
  params: dirParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: PROTECTED_DIRECTORY_ERRORS,
});

export const listProtectedUsers = defineEndpoint({
  method: 'GET',
  path: `${base}/{dir}/user`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The users of a protected directory',
  params: dirParams,
  response: z.object({ users: z.array(protectedUser) }),
  errors: [],
});

/** The name as sent; the service judges it (and the password's policy) with the catalogue's codes. */
export const protectedUserBody = z.object({ name: z.string().max(255), password: servicePassword });
export type ProtectedUserBody = z.input<typeof protectedUserBody>;

export const createProtectedUser = defineEndpoint({
  method: 'POST',
  path: `${base}/{dir}/user`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Add a user to a protected directory',
  params: dirParams,
  body: protectedUserBody,
  response: protectedUser,
  errors: PROTECTED_DIRECTORY_ERRORS,
});

export const updateProtectedUser = defineEndpoint({
  method: 'POST',
  path: `${base}/{dir}/user/{username}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: "Change a protected directory user's password",
  params: dirUserParams,
  body: servicePasswordBody,
  response: protectedUser,
  errors: PROTECTED_DIRECTORY_ERRORS,
});

export const deleteProtectedUser = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{dir}/user/{username}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Remove a user from a protected directory',
  params: dirUserParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: PROTECTED_DIRECTORY_ERRORS,
});
