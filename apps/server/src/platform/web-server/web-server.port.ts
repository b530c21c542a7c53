/**
 * The web server of a hosting machine in Haven's terms: each domain is one site made of its
 * subdomains; applying a site writes nginx server blocks, PHP-FPM pools and htpasswd files,
 * checks them with the services' own checkers and reloads. The services never see a path of
 * /etc or a directive.
 */

/** A PHP version installed on the machine (a `php-fpmX.Y` binary was found). */
export interface InstalledPhp {
  /** Handler id as the API speaks it: `php82`. */
  value: string;
  /** `PHP 8.2` */
  text: string;
  /** `8.2` */
  version: string;
  binary: string;
}

export interface SiteUser {
  name: string;
  /** bcrypt, as nginx's auth_basic reads it. */
  hash: string;
}

export interface SiteProtectedDir {
  id: number;
  /** Inside the document root, without leading or trailing `/`: `members/admin`. */
  path: string;
  description: string;
  users: SiteUser[];
}

export interface SiteSubdomain {
  /** Short name: `www`, `blog`. */
  name: string;
  /** Host names it answers to, first one primary. */
  hostnames: string[];
  /** Absolute document root. */
  docroot: string;
  /** Handler id (`php82`) or null for static files only. */
  php: string | null;
  /** Every allowed PHP setting with its value (overrides merged over defaults). */
  ini: Record<string, string>;
  protectedDirs: SiteProtectedDir[];
}

/** The domain's installed certificate: subdomains whose every host name it covers get HTTPS. */
export interface SiteTls {
  certFile: string;
  keyFile: string;
  names: string[];
}

export interface DomainSite {
  domainId: number;
  domain: string;
  /** Absolute path of the domain's home; logs go to `<home>/logs`. */
  home: string;
  /**
   * The domain's own system account and PHP temp folders (its pools run as it, confined to the
   * home); null: the pools run as the web account with the shared /tmp, as without per-domain users.
   */
  owner: { user: string; group: string; tmp: string; sessions: string } | null;
  subdomains: SiteSubdomain[];
  /** Absent or null: HTTP only. */
  tls?: SiteTls | null;
}

/** A website forward: every request for its host names is redirected to the target. */
export interface SiteForward {
  domain: string;
  /** Host names it answers to: the domain and `www.` the domain. */
  hostnames: string[];
  /** Absolute http(s) URL (the contract's validated value). */
  target: string;
  /** 301 moved permanently, 302 found (temporary). */
  status: 301 | 302;
}

/** A generated config failed its checker; nothing was changed. */
export class ConfigRejectedError extends Error {
  constructor(
    readonly checker: string,
    readonly output: string,
  ) {
    super(`${checker} rejected the generated config: ${output.slice(0, 2000)}`);
    this.name = 'ConfigRejectedError';
  }
}

/**
 * A file of a site that an apply wrote or removed because it differed from what the panel
 * state renders: the domain's server blocks, a PHP-FPM pool (with its ini values), the htpasswd
 * file of a protected directory, or a file every site shares (fastcgi params, main config).
 */
export type SiteFile =
  | { kind: 'server-blocks' }
  | { kind: 'php-pool'; php: string }
  | { kind: 'htpasswd'; dirId: number }
  | { kind: 'shared'; path: string };
export type SiteChange = SiteFile & { removed: boolean };

export interface WebServer {
  /** The PHP versions installed, oldest first (the newest is the default for new subdomains). */
  phpVersions(): Promise<InstalledPhp[]>;
  /**
   * Writes the whole site (replacing what the domain had), checks it and reloads. Throws
   * `ConfigRejectedError` and leaves the old config in place when a checker refuses it.
   * Answers the files that differed (none: nothing was written or reloaded). `reload`: reload
   * even when nothing differed (the domain's system user was made again: new ids for the same
   * name, which nginx's workers and PHP-FPM only take up when they reload).
   */
  applySite(site: DomainSite, options?: { reload?: boolean }): Promise<SiteChange[]>;
  /** Removes every file of the domain and reloads. */
  removeSite(domainId: number, domain: string): Promise<void>;
  /**
   * Serves the domain's website forward (replacing the old one), or stops serving it (`null`);
   * checked like `applySite` before it replaces the old, then reloaded. Idempotent: answers
   * whether a file differed (false: nothing was written or reloaded).
   */
  applyForward(domain: string, forward: SiteForward | null): Promise<boolean>;
  /**
   * Makes nginx reopen its log files (after they were renamed by a rotation): signal USR1 to
   * the running master. False when nginx is not running (it opens them when it starts).
   */
  reopenLogs(): Promise<boolean>;
}
