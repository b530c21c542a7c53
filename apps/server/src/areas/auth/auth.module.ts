import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { loadSecret } from '../../lib/secret.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createSessionsStore } from './sessions.store.ts';
import { createTokens } from './tokens.ts';
import { createLockout } from './lockout.ts';
import { createAuthService } from './auth.service.ts';
import { authExports, type AuthExports } from './auth.exports.ts';

/**
 * Logins, sessions and password resets. Its guard checks every route of every area, so the
 * registry builds it first and hands its `exports` on (app.ts's binder, the account page...).
 */
export function authModule(core: CoreContext): AreaModule & { exports: AuthExports } {
  const { config, logger } = core;
  const sessions = createSessionsStore(core.db);
  const tokens = createTokens(loadSecret(config.secret, config.dataDir));
  const lockout = createLockout(sessions);
  const auth = createAuthService({
    customers: core.customers,
    sessions,
    tokens,
    lockout,
    clock: core.clock,
  });
  const reset = createPasswordResetService({
    customers: core.customers,
    sessions,
    lockout,
    mailer: core.mailer,
    clock: core.clock,
    publicUrl: config.publicUrl,
    logMailError: (err: unknown) => logger.warn({ err }, 'password changed notice not sent'),
    // Local profile without SMTP: the operator finds the link in the log as well as the outbox.
    ...(config.profile === 'local' && !config.smtpUrl
      ? {
          logLink: (domain: string, link: string) =>
            logger.info(`password reset link for ${domain}: ${link}`),
        }
      : {}),
  });
  return {
    name: 'auth',
    routes: (bind) => authRoutes(bind, { auth, reset }),
    exports: authExports(auth, sessions),
  };
}
