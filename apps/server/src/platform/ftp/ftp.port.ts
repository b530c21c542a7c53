/**
 * FTP accounts of a hosting machine in Haven's terms. An account logs in with its login and
 * password and sees only its home (chrooted); files it writes belong to the domain's own system
 * account (`owner`), or to the web account when the domain has none.
 */
export interface FtpAccount {
  /** Global on the machine: `[a-z][a-z0-9._-]{0,31}`. */
  login: string;
  /** A crypt-style hash the FTP server verifies (argon2id). */
  hash: string;
  /** Absolute path; it must exist. */
  home: string;
  /** The domain's own account the login acts as; null: the web account. */
  owner: FtpOwner | null;
}

/** A system account by its ids. */
export interface FtpOwner {
  uid: number;
  gid: number;
}

export interface FtpServer {
  /** Adds the account or replaces its hash and home; idempotent. */
  ensureAccount(account: FtpAccount): Promise<void>;
  removeAccount(login: string): Promise<void>;
  /**
   * Makes the accounts whose home lies under `under` (one domain's home) exactly `accounts`:
   * adds the missing, rewrites the differing, removes the others there, and rebuilds the
   * server's user database when it is missing or older than the account list. Answers what
   * differed; a second call with the same accounts answers nothing.
   */
  reconcileAccounts(accounts: readonly FtpAccount[], under: string): Promise<FtpDifferences>;
  /**
   * Makes a folder the FTP accounts can write to (its owner becomes `owner`, else the web
   * account). A symlink is refused, never followed.
   */
  grant(path: string, owner: FtpOwner | null): Promise<void>;
}

/** Logins by what reconcile did to them; `rebuilt` when the compiled user database was redone. */
export interface FtpDifferences {
  added: string[];
  rewritten: string[];
  removed: string[];
  rebuilt: boolean;
}
