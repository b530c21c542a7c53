/**
 * The account area's endpoints without their schemas (`account.ts` adds them). Zod-free: the web
 * shell asks for the user and the dashboard for its notifications before the first paint, and
 * zod stays off a phone's first load of the dashboard (docs/architecture.md, "web").
 */
import { defineRoute } from '../endpoint.ts';

export const getUser = defineRoute({
  method: 'GET',
  path: '/api/user',
  access: 'user',
  tag: 'account',
  summary: 'The logged-in user and the domains it may act on',
  errors: [],
});

export const getDomains = defineRoute({
  method: 'GET',
  path: '/api/domain',
  access: 'user',
  tag: 'account',
  summary: 'The domains the user may act on',
  errors: [],
});

export const getGeneralNotifications = defineRoute({
  method: 'GET',
  path: '/api/{domain}/general-notification',
  access: 'domain',
  tag: 'account',
  summary: 'Notifications for every customer',
  errors: [],
});

export const getDomainNotifications = defineRoute({
  method: 'GET',
  path: '/api/{domain}/notification',
  access: 'domain',
  userTypes: ['HOSTING', 'EMAIL'],
  tag: 'account',
  summary: 'Notifications for this domain',
  errors: [],
});

export const updatePassword = defineRoute({
  method: 'POST',
  path: '/api/{domain}/user/update',
  access: 'domain',
  tag: 'account',
  summary: 'Change the own password; ends the other sessions and answers a fresh token',
  errors: ['invalid_password', 'invalid_current_password'],
});
