import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { authRoutes } from './auth.routes.ts';

export function authModule(core: CoreContext): AreaModule {
  const { config, logger } = core;
  const reset = createPasswordResetService({
    customers: core.customers,
    sessions: core.sessions,
    lockout: core.lockout,
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
  return { name: 'auth', routes: (bind) => authRoutes(bind, { auth: core.auth, reset }) };
}
