import type { Guard, Principal } from '../../model/principal.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionsStore } from './sessions.store.ts';

/** A login's sessions as others may end them: a new password ends the other sessions. */
export interface SessionControl {
  revokeOtherSessions(identityId: number, keepId: string | null, at: number): Promise<unknown>;
  /** And every outstanding password reset link. */
  expireResetsOf(identityId: number, at: number): Promise<unknown>;
  /** A new token for the session (the account page, after its own password change). */
  refresh(principal: Principal, token: string | undefined): Promise<string>;
}

/** What the auth area offers the rest of the panel, on purpose; areas/registry.ts passes it on. */
export interface AuthExports {
  /** Every route's access check (app.ts's binder); the shop resolves an order's domain with it. */
  guard: Guard;
  /** The account page, the operator and the mailbox logins end a login's other sessions. */
  sessions: SessionControl;
}

export function authExports(auth: AuthService, sessions: SessionsStore): AuthExports {
  return {
    guard: auth.guard,
    sessions: {
      revokeOtherSessions: (identityId, keepId, at) =>
        sessions.revokeOtherSessions(identityId, keepId, at),
      expireResetsOf: (identityId, at) => sessions.expireResetsOf(identityId, at),
      refresh: (principal, token) => auth.refresh(principal, token),
    },
  };
}
