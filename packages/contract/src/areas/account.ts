import { z } from 'zod';
import { defineEndpoint, USER_TYPES } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { domainName } from '../rules/domain-name.ts';

export const domainParams = z.object({ domain: domainName });

/** A domain as the user sees it. `status` 0 means the domain may order upgrades. */
export const userDomain = z.object({
  name: z.string(),
  status: z.number().int(),
  instap: z.boolean(),
  premium: z.boolean(),
  package: z.enum(['DOMAIN', 'HOSTING']),
  active: z.boolean(),
});
export type UserDomain = z.infer<typeof userDomain>;

export const user = z.object({
  name: z.string(),
  type: z.enum(USER_TYPES),
  email: z.string(),
  ip: z.string(),
  language: z.enum(['nl', 'en']),
  /** The domain this identity logs in with. */
  domain: z.string(),
  domains: z.array(userDomain),
});
export type User = z.infer<typeof user>;

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/user',
  access: 'user',
  tag: 'account',
  summary: 'The logged-in user and the domains it may act on',
  errors: [],
  response: user,
});

export const getDomains = defineEndpoint({
  method: 'GET',
  path: '/api/domain',
  access: 'user',
  tag: 'account',
  summary: 'The domains the user may act on',
  errors: [],
  response: z.object({ domains: z.array(userDomain) }),
});

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export const notification = z.object({
  id: z.number().int(),
  /** The operator writes each notification in both languages. */
  message: z.object({ nl: z.string(), en: z.string() }),
  type: z.enum(NOTIFICATION_TYPES),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const getGeneralNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/general-notification',
  access: 'domain',
  tag: 'account',
  summary: 'Notifications for every customer',
  errors: [],
  params: domainParams,
  response: z.object({ notifications: z.array(notification) }),
});

export const getDomainNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/notification',
  access: 'domain',
  userTypes: ['HOSTING', 'EMAIL'],
  tag: 'account',
  summary: 'Notifications for this domain',
  errors: [],
  params: domainParams,
  response: z.object({ notifications: z.array(notification) }),
});

export const updatePasswordBody = z.object({
  current_password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(255),
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(255),
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/api/{domain}/user/update',
  access: 'domain',
  tag: 'account',
  summary: 'Change the own password; ends the other sessions and answers a fresh token',
  errors: ['invalid_password', 'invalid_current_password'],
  params: domainParams,
  body: updatePasswordBody,
  response: z.object({ token: z.string() }),
});
