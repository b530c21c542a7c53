import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** A subdomain of a domain; `www` is made with the domain. */
export interface SubdomainsTable {
  id: Generated<number>;
  domain_id: number;
  /** Short name: `www`, `blog`, `shop.eu`. */
  name: string;
  /** `php82`, or null for static files only. */
  php: string | null;
  /** The web user that is its FTP account. */
  webuser_id: number | null;
  perl: number;
  python: number;
  created_at: number;
}

/** A changed PHP setting of one subdomain (keys from the contract's allowed list). */
export interface SubdomainIniTable {
  subdomain_id: number;
  key: string;
  value: string;
}

/** A web user: a pure-ftpd virtual account. Names are global on the server (FTP logins are). */
export interface WebUsersTable {
  id: Generated<number>;
  domain_id: number;
  name: string;
  /** argon2id, as pure-ftpd verifies it. */
  password_hash: string;
  /** Inside the domain's home: '' (all of it), `httpdocs` or `subdomains/<name>`. */
  home: string;
  created_at: number;
  updated_at: number;
}

export interface ProtectedDirsTable {
  id: Generated<number>;
  domain_id: number;
  subdomain_id: number;
  /** Inside the subdomain's document root: `members/admin`. */
  path: string;
  description: string;
  created_at: number;
}

export interface ProtectedDirUsersTable {
  id: Generated<number>;
  dir_id: number;
  name: string;
  /** bcrypt, as nginx's auth_basic verifies it. */
  password_hash: string;
  created_at: number;
}

export type WebhostingTables = {
  subdomains: SubdomainsTable;
  subdomain_ini: SubdomainIniTable;
  webusers: WebUsersTable;
  protected_dirs: ProtectedDirsTable;
  protected_dir_users: ProtectedDirUsersTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type WebhostingDb = AreaDb<WebhostingTables>;
