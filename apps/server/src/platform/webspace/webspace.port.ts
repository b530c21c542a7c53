/**
 * The domain's files on disk. Layout of a home (the cPanel/Plesk shape customers know):
 *   httpdocs/            document root of www
 *   subdomains/<name>/   document root of each other subdomain
 *   logs/                access and error logs per subdomain
 *   private/             outside every document root (htpasswd files, app secrets)
 */
export interface Webspace {
  /** Absolute path of the domain's home (it may not exist yet). */
  homeOf(domain: string): string;
  /** Creates the home and its standard folders; idempotent. */
  ensureHome(domain: string): Promise<string>;
  /** Bytes used under the home, by top-level part. */
  usage(domain: string): Promise<{
    httpdocs: number;
    subdomains: number;
    logs: number;
    private: number;
    total: number;
  }>;
  /** Removes the home and everything in it. */
  removeHome(domain: string): Promise<void>;
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
