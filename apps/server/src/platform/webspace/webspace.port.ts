/** A domain as the webspace names its account: by id (the system user) and name (the home). */
export interface DomainKey {
  id: number;
  name: string;
}

/**
 * The system account that owns a domain's home and runs its PHP (HAVEN_DOMAIN_USERS), and the
 * domain's own PHP temp folder (uploads, sys_temp_dir; sessions in `<tmp>/sessions`).
 */
export interface HomeOwner {
  user: string;
  group: string;
  uid: number;
  gid: number;
  tmp: string;
  sessions: string;
}

/**
 * The domain's files on disk. Layout of a home (the cPanel/Plesk shape customers know):
 *   httpdocs/            document root of www
 *   subdomains/<name>/   document root of each other subdomain
 *   logs/                access and error logs per subdomain
 *   private/             outside every document root (htpasswd files, app secrets)
 *   tmp/                 PHP's temp and session files (only with a per-domain account)
 */
export interface Webspace {
  /** Absolute path of the domain's home (it may not exist yet). */
  homeOf(domain: string): string;
  /** Creates the home and its standard folders; idempotent. */
  ensureHome(domain: string): Promise<string>;
  /**
   * The domain's own system account (made with its home when missing, the home given to it and
   * closed to others), or null when Haven does not make per-domain accounts (not root, or
   * HAVEN_DOMAIN_USERS=off): then files stay with the web account as before. Cheap after the
   * first call for a domain.
   */
  ensureOwner(domain: DomainKey): Promise<HomeOwner | null>;
  /**
   * Reconcile: makes the account when missing and gives every entry of the home to it (never
   * following a link; a file with more than one hard link is left alone and reported, as it may
   * be another customer's). Answers what differed, as sentences for the operator, and whether
   * the account was made (new ids: the web server must reload to use them).
   */
  repairOwner(domain: DomainKey): Promise<{ differences: string[]; made: boolean }>;
  /**
   * Removes the home and everything in it, and the domain's system account. Remove the site
   * first: `userdel` refuses a user a PHP worker still runs as.
   */
  removeHome(domain: DomainKey): Promise<void>;
  /**
   * Makes a folder below the home (mkdir -p that refuses links on the way), creating the home
   * first. `own` is called for every folder it makes and for the folder asked for (to give them
   * to the domain's user, so its FTP users can write in them). Answers whether it was new, so a
   * failed step can take it away again.
   */
  ensureFolder(
    domain: string,
    rel: string,
    own?: (path: string) => Promise<void>,
  ): Promise<{ path: string; created: boolean }>;
  /** Removes a folder below the home when it is empty (undo of `ensureFolder`); else leaves it. */
  removeEmptyFolder(domain: string, rel: string): Promise<void>;
}

export const HOME_FOLDERS = ['httpdocs', 'subdomains', 'logs', 'private'] as const;
