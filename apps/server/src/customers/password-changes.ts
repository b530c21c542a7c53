/** Told a login's new password hash, after it is saved (account page, reset, operator CLI). */
export type PasswordChanged = (identityId: number, hash: string) => Promise<void>;

/**
 * The one place a login's password change is announced: the mail area keeps a mailbox login's
 * hash equal to the one Dovecot reads, so one password opens both the panel and the mailbox.
 */
export function createPasswordChanges() {
  const listeners: PasswordChanged[] = [];
  return {
    register(listener: PasswordChanged): void {
      listeners.push(listener);
    },
    async changed(identityId: number, hash: string): Promise<void> {
      for (const listener of listeners) await listener(identityId, hash);
    },
  };
}
export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
