/** A subdomain as another area may see it: its short name and document root in the home. */
export interface SubdomainSite {
  name: string;
  /** `httpdocs` or `subdomains/<name>`, relative to the domain's home. */
  docroot: string;
  /** `php82`, or null for static files only. */
  php: string | null;
}

/** What the webhosting area tells other areas (web apps) about a domain's subdomains. */
export interface SubdomainSites {
  list(domainId: number): Promise<SubdomainSite[]>;
}
