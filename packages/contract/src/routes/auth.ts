import type * as auth from '../areas/auth.ts';
import { route } from './route.ts';

export const domainPackage = route<typeof auth.domainPackage>({
  method: 'POST',
  path: '/api/auth/domain-package',
  access: 'public',
});

export const login = route<typeof auth.login>({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
});

export const passwordForgotten = route<typeof auth.passwordForgotten>({
  method: 'POST',
  path: '/api/auth/password-forgotten',
  access: 'public',
});

export const passwordForgottenValidate = route<typeof auth.passwordForgottenValidate>({
  method: 'POST',
  path: '/api/auth/password-forgotten-validate',
  access: 'public',
});

export const passwordForgottenUpdate = route<typeof auth.passwordForgottenUpdate>({
  method: 'POST',
  path: '/api/auth/password-forgotten-update',
  access: 'public',
});

export const validateToken = route<typeof auth.validateToken>({
  method: 'POST',
  path: '/api/auth/validate',
  access: 'public',
});

export const refreshToken = route<typeof auth.refreshToken>({
  method: 'POST',
  path: '/api/auth/refresh-token',
  access: 'user',
});

export const logout = route<typeof auth.logout>({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'user',
});
