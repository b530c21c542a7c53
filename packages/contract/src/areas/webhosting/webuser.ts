import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../../endpoint.ts';
import { domainParams } from '../account.ts';
import { servicePassword, servicePasswordBody } from './names.ts';

/** Error codes; the web shows them as `webhosting.webuser.error.<code>` (specs §8). */
export const WEBUSER_ERRORS = [
  'invalid_username',
  'invalid_password',
  'general_error',
  'user_exists',
] as const;
export type WebUserError = (typeof WEBUSER_ERRORS)[number];

export const webUser = z.object({
  id: z.number().int(),
  /** The FTP login (global on the server). */
  name: z.string(),
  /** The FTP user's folder inside the domain's home: '' (all of it), `httpdocs` or `subdomains/<name>`. */
  home: z.string(),
  /** Short names of the subdomains whose FTP account this user is. */
  subdomains: z.array(z.string()),
});
export type WebUser = z.infer<typeof webUser>;

/** The name as sent; the service judges it (and the password's policy) with the catalogue's codes. */
const name = z.string().max(255);

export const webUserParams = domainParams.extend({ name: z.string().min(1).max(255) });

const base = '/api/{domain}/webhosting/webuser';
const tag = 'webhosting';

export const listWebUsers = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The web users (FTP accounts) of the domain',
  params: domainParams,
  response: z.object({ webusers: z.array(webUser) }),
  errors: [],
});

export const getWebUser = defineEndpoint({
  method: 'GET',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'One web user',
  params: webUserParams,
  response: webUser,
  errors: [],
});

export const createWebUserBody = z.object({ name, password: servicePassword });
export type CreateWebUserBody = z.input<typeof createWebUserBody>;

export const createWebUser = defineEndpoint({
  method: 'POST',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Add a web user: an FTP account chrooted to the domain home',
  params: domainParams,
  body: createWebUserBody,
  response: webUser,
  errors: WEBUSER_ERRORS,
});

export const updateWebUser = defineEndpoint({
  method: 'POST',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: "Change a web user's password",
  params: webUserParams,
  body: servicePasswordBody,
  response: webUser,
  errors: WEBUSER_ERRORS,
});

export const deleteWebUser = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'Delete a web user; subdomains it served keep no FTP account',
  params: webUserParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: WEBUSER_ERRORS,
});
