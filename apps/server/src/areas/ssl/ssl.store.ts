import type { SslDb, SslCertificatesTable } from './ssl.tables.ts';

export type SslRow = SslCertificatesTable;

export interface InstalledCert {
  names: string[];
  expiresAt: number;
  issuer: string;
  alg: string;
  serial: string;
}

const names = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);
export const rowNames = {
  requested: (r: SslRow) => names(r.requested_names),
  cert: (r: SslRow) => names(r.cert_names),
};

/** The SSL area's SQL: one row per domain (ssl.tables.ts). */
export function createSslStore(db: SslDb) {
  const get = (domainId: number) =>
    db
      .selectFrom('ssl_certificates')
      .selectAll()
      .where('domain_id', '=', domainId)
      .executeTakeFirst();

  return {
    get,

    /**
     * Marks the domain's request pending unless one already is: one conditional write, so two
     * starts at once cannot both run (the loser answers `ssl_pending`). Answers whether it won.
     */
    async claim(domainId: number, requested: string[], now: number): Promise<boolean> {
      await db
        .insertInto('ssl_certificates')
        .values({
          domain_id: domainId,
          status: 'error',
          requested_names: '[]',
          requested_at: now,
          failure: null,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('domain_id').doNothing())
        .execute();
      const r = await db
        .updateTable('ssl_certificates')
        .set({
          status: 'pending',
          requested_names: JSON.stringify(requested),
          requested_at: now,
          failure: null,
          updated_at: now,
        })
        .where('domain_id', '=', domainId)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    installed: (domainId: number, cert: InstalledCert, now: number) =>
      db
        .updateTable('ssl_certificates')
        .set({
          status: 'active',
          failure: null,
          cert_names: JSON.stringify(cert.names),
          cert_expires_at: cert.expiresAt,
          cert_issuer: cert.issuer,
          cert_alg: cert.alg,
          cert_serial: cert.serial,
          issued_at: now,
          updated_at: now,
        })
        .where('domain_id', '=', domainId)
        .execute(),

    /** A failed request: `error`, or still `active` when an installed certificate keeps serving. */
    failed: (domainId: number, failure: string, keepActive: boolean, now: number) =>
      db
        .updateTable('ssl_certificates')
        .set({ status: keepActive ? 'active' : 'error', failure, updated_at: now })
        .where('domain_id', '=', domainId)
        .execute(),

    /** Installed certificates expiring before `before`, and requests left pending by a stop. */
    due: (before: number, stalePendingBefore: number) =>
      db
        .selectFrom('ssl_certificates')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '!=', 'pending'), eb('cert_expires_at', '<', before)]),
            eb.and([eb('status', '=', 'pending'), eb('requested_at', '<', stalePendingBefore)]),
          ]),
        )
        .execute(),

    /**
     * Installed certificates whose last request failed before `requestedBefore`: the scheduled
     * check asks again for the names one misses (the service compares them with the sites').
     */
    missingRetry: (requestedBefore: number) =>
      db
        .selectFrom('ssl_certificates')
        .select('domain_id')
        .where('status', '!=', 'pending')
        .where('cert_names', 'is not', null)
        .where('failure', 'is not', null)
        .where('requested_at', '<', requestedBefore)
        .execute(),

    /** A stale pending row picked up again (the process stopped while it ran). */
    touch: (domainId: number, now: number) =>
      db
        .updateTable('ssl_certificates')
        .set({ requested_at: now, updated_at: now })
        .where('domain_id', '=', domainId)
        .execute(),
  };
}
export type SslStore = ReturnType<typeof createSslStore>;
