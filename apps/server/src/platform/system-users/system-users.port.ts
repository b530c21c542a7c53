/**
 * Accounts of the hosting machine that Haven makes for its domains: one user and one group of
 * the same name per domain, which own the domain's home, run its PHP pool and back its FTP
 * accounts (docs/operations.md, "One system user per domain").
 */
export interface SystemAccount {
  user: string;
  group: string;
  uid: number;
  gid: number;
}

/** A user or group name Haven may create: short, lower case, never starting with a digit or `-`. */
export const SYSTEM_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;

export interface SystemUsers {
  /** The account of that name, or null when there is no such user. */
  find(name: string): Promise<SystemAccount | null>;
  /**
   * Makes the group and the user (no login shell, no home made; `home` is recorded) when
   * missing, marked as Haven's by `comment`, and adds each of `members` to the group (the web
   * account, so nginx reads the files through the group). Refuses a user of that name that Haven
   * did not make. Idempotent; answers whether the user was created.
   */
  ensure(
    name: string,
    options: { home: string; comment: string; members: readonly string[] },
  ): Promise<{ account: SystemAccount; created: boolean }>;
  /** Removes the user and its group when Haven made them; answers whether it removed a user. */
  remove(name: string, comment: string): Promise<boolean>;
}
