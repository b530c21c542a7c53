import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** Installed (and installing) web apps: what Haven made, so delete can take it all away again. */
export interface WebappsTable {
  id: Generated<number>;
  domain_id: number;
  package_key: string;
  name: string;
  version: string;
  subdomain: string;
  /** Inside the subdomain's document root; '' is the root itself. */
  directory: string;
  protocol: string;
  admin_path: string;
  state: 'installing' | 'ready' | 'failed';
  job_id: string | null;
  error: string | null;
  /** JSON: top-level names placed in the directory, and whether Haven made the directory. */
  placed: string | null;
  /** Full database name (prefix included), or null when the app has none. */
  database_name: string | null;
  created_at: number;
}

export type WebappsTables = {
  webapps: WebappsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type WebappsDb = AreaDb<WebappsTables>;
