import type * as account from '../areas/account.ts';
import { route } from './route.ts';

export const getUser = route<typeof account.getUser>({
  method: 'GET',
  path: '/api/user',
  access: 'user',
});

export const getDomains = route<typeof account.getDomains>({
  method: 'GET',
  path: '/api/domain',
  access: 'user',
});

export const getGeneralNotifications = route<typeof account.getGeneralNotifications>({
  method: 'GET',
  path: '/api/{domain}/general-notification',
  access: 'domain',
});

export const getDomainNotifications = route<typeof account.getDomainNotifications>({
  method: 'GET',
  path: '/api/{domain}/notification',
  access: 'domain',
});

export const updatePassword = route<typeof account.updatePassword>({
  method: 'POST',
  path: '/api/{domain}/user/update',
  access: 'domain',
});
