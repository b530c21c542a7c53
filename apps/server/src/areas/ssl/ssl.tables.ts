import type { AreaDb } from '../../db/database.ts';
/**
 * One row per domain that asked for a certificate. `status` is the request's state; the
 * `cert_*` columns describe the certificate installed in nginx (kept while a renewal runs).
 */
export interface SslCertificatesTable {
  domain_id: number;
  /** pending | active | error */
  status: string;
  /** JSON array: the names asked for by the running or last request. */
  requested_names: string;
  requested_at: number;
  /** challenge | rejected | unreachable | install, after a failed request or renewal. */
  failure: string | null;
  /** JSON array of the installed certificate's names; null: none installed. */
  cert_names: string | null;
  cert_expires_at: number | null;
  cert_issuer: string | null;
  cert_alg: string | null;
  cert_serial: string | null;
  issued_at: number | null;
  updated_at: number;
}

export type SslTables = {
  ssl_certificates: SslCertificatesTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type SslDb = AreaDb<SslTables>;
