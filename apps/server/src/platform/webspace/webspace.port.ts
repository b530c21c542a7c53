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
  usage(domain: string): Promise<{ httpdocs: number; subdomains: number; logs: number; private: number; total: number }>;
  /** Removes the home and everything in it. */
  removeHome(domain: string): Promise<void>;
}

export const HOME_FOLDERS = ['httpdocs', 'subdomains', 'logs', 'private'] as const;
