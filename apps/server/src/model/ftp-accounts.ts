/** A domain's FTP account as another area may see it: cron jobs and the file manager use its folder. */
export interface FtpAccount {
  id: number;
  name: string;
  /** Its folder relative to the home ('' for the whole home, `httpdocs`...). */
  home: string;
}

/** What the webhosting area tells other areas about a domain's FTP accounts. */
export interface FtpAccounts {
  list(domainId: number): Promise<FtpAccount[]>;
}
