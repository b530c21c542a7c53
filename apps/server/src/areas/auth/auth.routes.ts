import { auth } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

export function authRoutes(
  bind: Bind,
  svc: { auth: AuthService; reset: PasswordResetService },
): void {
  bind(auth.domainPackage, async ({ body }) => ({
    package: await svc.auth.domainPackage(body.domain),
  }));

  bind(auth.login, async ({ body, ip, userAgent }) => ({
    token: await svc.auth.login({
      domain: body.domain,
      username: body.username,
      password: body.password,
      ip,
      userAgent,
    }),
  }));

  bind(auth.passwordForgotten, async ({ body }) => {
    await svc.reset.request(body.domain, body.language);
    return { sent: true as const };
  });

  bind(auth.passwordForgottenValidate, async ({ body }) => svc.reset.validate(body.token));

  bind(auth.passwordForgottenUpdate, async ({ body, ip }) => {
    await svc.reset.update(body.token, body.password, ip);
    return { updated: true as const };
  });

  bind(auth.validateToken, async ({ token }) => ({ valid: await svc.auth.isValid(token) }));

  bind(auth.refreshToken, async ({ principal, token }) => ({
    token: await svc.auth.refresh(principal, token),
  }));

  bind(auth.logout, async ({ principal }) => {
    await svc.auth.logout(principal);
    return { ok: true as const };
  });
}
