import type { SslCertificate, SslStartBody } from '@haven/contract/ssl';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { SslSites } from '../../model/ssl-sites.ts';
import type {
  CertificateFiles,
  CertificateInfo,
  CertificateIssuer,
  ChallengeAnswers,
} from '../../platform/acme/acme.port.ts';
import { IssueError } from '../../platform/acme/acme.port.ts';
import type { SiteTls } from '../../platform/web-server/web-server.port.ts';
import { conflict, forbidden, invalid } from './ssl.errors.ts';
import { rowNames, type SslRow, type SslStore } from './ssl.store.ts';

type Domain = Pick<DomainRef, 'id' | 'name' | 'premium'>;

export interface SslDeps {
  store: SslStore;
  sites: SslSites;
  issuer: CertificateIssuer;
  answers: ChallengeAnswers;
  files: CertificateFiles;
  describe(pem: string): CertificateInfo;
  /** Where a name is served over HTTPS (the local profile's `.localhost` and port); null: nowhere. */
  urlOf(name: string): string | null;
  domainById(id: number): Promise<Domain | null>;
  renewBeforeMs: number;
  clock: Clock;
  log(obj: object, msg: string): void;
}

/** SSL on the plan: premium hosting includes it (specs part 1 §8: "premium ... and SSL"). */
const onPlan = (domain: Domain) => domain.premium;

export function createSslService(deps: SslDeps) {
  const { store, sites, clock } = deps;
  const running = new Set<Promise<void>>();

  function view(domain: Domain, row: SslRow | undefined, hostnames: string[]): SslCertificate {
    const names = row ? rowNames.cert(row) : [];
    const base = {
      type: row?.cert_names ? 'DV' : null,
      alg: row?.cert_alg ?? null,
      issuer: row?.cert_issuer ?? null,
      url: names[0] ? deps.urlOf(names[0]) : null,
      expiresAt: row?.cert_expires_at != null ? Number(row.cert_expires_at) : null,
      hostnames,
      requestedAt: row ? Number(row.requested_at) : null,
      failure: (row?.failure ?? null) as SslCertificate['failure'],
    };
    if (!row) return { ...base, status: onPlan(domain) ? 'inactive' : 'none', names: [] };
    const status = row.status as SslCertificate['status'];
    return { ...base, status, names: status === 'pending' ? rowNames.requested(row) : names };
  }

  /** Issue, install, serve: pending ends active, or error (active still when a cert serves). */
  async function issue(domain: Pick<Domain, 'id' | 'name'>, names: string[], hadCert: boolean) {
    try {
      // The proof goes through the domain's sites as they are now rendered (every server block
      // answers it): a site file written with other settings (another process's listen, an
      // older version without the answer location) would fail it however right the names are.
      await sites.apply(domain);
      const cert = await deps.issuer.issue(names, deps.answers);
      const info = deps.describe(cert.certPem);
      await deps.files.install(domain.name, cert);
      await store.installed(domain.id, info, clock.now());
      try {
        await sites.apply(domain);
      } catch (error) {
        deps.log({ err: error, domain: domain.name }, 'ssl: the HTTPS config was refused');
        await store.failed(domain.id, 'install', false, clock.now());
      }
    } catch (error) {
      const kind = error instanceof IssueError ? error.kind : 'install';
      deps.log({ err: error, domain: domain.name, kind }, 'ssl: the certificate request failed');
      await store.failed(domain.id, kind, hadCert, clock.now());
    }
  }

  function launch(domain: Pick<Domain, 'id' | 'name'>, names: string[], hadCert: boolean) {
    const job = issue(domain, names, hadCert).finally(() => running.delete(job));
    running.add(job);
  }

  return {
    async get(domain: Domain): Promise<SslCertificate> {
      return view(domain, await store.get(domain.id), await sites.hostnames(domain));
    },

    async start(domain: Domain, body: SslStartBody): Promise<SslCertificate> {
      if (!onPlan(domain)) throw forbidden('ssl_not_in_plan');
      const hostnames = await sites.hostnames(domain);
      const asked = body.names ? [...new Set(body.names)] : hostnames;
      if (asked.some((n) => !hostnames.includes(n)))
        throw invalid('ssl_invalid_names', { names: 'ssl_invalid_names' });
      if (asked.length === 0) throw invalid('ssl_no_names');
      const before = await store.get(domain.id);
      if (!(await store.claim(domain.id, asked, clock.now()))) throw conflict('ssl_pending');
      launch(domain, asked, !!before?.cert_names);
      return view(domain, await store.get(domain.id), hostnames);
    },

    /** The scheduled job: renews what expires within the window, retries stale pending ones. */
    async renewDue(): Promise<number> {
      const now = clock.now();
      const rows = await store.due(now + deps.renewBeforeMs, now - 60 * 60_000);
      let started = 0;
      for (const row of rows) {
        const domain = await deps.domainById(row.domain_id);
        if (!domain) continue;
        const names = row.status === 'pending' ? rowNames.requested(row) : rowNames.cert(row);
        const current = (await sites.hostnames(domain)).filter((n) => names.includes(n));
        if (current.length === 0) continue;
        if (row.status === 'pending') await store.touch(row.domain_id, now);
        else if (!(await store.claim(row.domain_id, current, now))) continue;
        launch(domain, current, !!row.cert_names);
        started++;
      }
      return started;
    },

    /** What the web server serves for the domain: the installed certificate, until it expires. */
    async tlsOf(domain: Pick<Domain, 'id' | 'name'>): Promise<SiteTls | null> {
      const row = await store.get(domain.id);
      if (!row?.cert_names || Number(row.cert_expires_at) < clock.now()) return null;
      return { ...deps.files.paths(domain.name), names: rowNames.cert(row) };
    },

    /** Waits for the running requests (tests, shutdown). */
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type SslService = ReturnType<typeof createSslService>;
