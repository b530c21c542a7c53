import type { SslCertificate, SslStartBody } from '@haven/contract/ssl';
import type { Clock } from '../../lib/clock.ts';
import type { NodePorts } from '../../model/node-ports.ts';
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
import { coverageOf, coveredNames, mainFirst, uncoveredNames } from './ssl-coverage.ts';
import { conflict, forbidden, invalid } from './ssl.errors.ts';
import { rowNames, type SslRow, type SslStore } from './ssl.store.ts';

type Domain = Pick<DomainRef, 'id' | 'name' | 'premium' | 'node'>;
/** What a request needs of its domain: the certificate goes to the domain's node. */
type Target = Pick<Domain, 'id' | 'name' | 'node'>;

export interface SslDeps {
  store: SslStore;
  sites: SslSites;
  issuer: CertificateIssuer;
  /** The HTTP-01 answers and the installed certificates, on each node. */
  answers: NodePorts<ChallengeAnswers>;
  files: NodePorts<CertificateFiles>;
  /** Where a domain's node keeps its certificate (the same layout on every node). */
  certPaths(domain: string): { certFile: string; keyFile: string };
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

/** A certificate missing names is requested again by the scheduled check after this long. */
const RETRY_AFTER_MS = 60 * 60_000;

export function createSslService(deps: SslDeps) {
  const { store, sites, clock } = deps;
  const running = new Set<Promise<void>>();

  function view(domain: Domain, row: SslRow | undefined, hostnames: string[]): SslCertificate {
    // A deleted subdomain's name drops out: the screen lists what is served now.
    const served = (names: string[]) => names.filter((n) => hostnames.includes(n));
    const coverage = coverageOf(row, hostnames, clock.now());
    // The address only of a name the certificate names: never a claim for an uncovered one.
    const secure = coverage.find((c) => c.state === 'covered')?.name;
    const base = {
      type: row?.cert_names ? 'DV' : null,
      alg: row?.cert_alg ?? null,
      issuer: row?.cert_issuer ?? null,
      url: secure ? deps.urlOf(secure) : null,
      expiresAt: row?.cert_expires_at != null ? Number(row.cert_expires_at) : null,
      hostnames,
      coverage,
      requestedAt: row ? Number(row.requested_at) : null,
      failure: (row?.failure ?? null) as SslCertificate['failure'],
    };
    if (!row) return { ...base, status: onPlan(domain) ? 'inactive' : 'none', names: [] };
    const status = row.status as SslCertificate['status'];
    const names = status === 'pending' ? rowNames.requested(row) : rowNames.cert(row);
    return { ...base, status, names: served(names) };
  }

  /** Issue, install, serve: pending ends active, or error (active still when a cert serves). */
  async function issue(domain: Target, names: string[], hadCert: boolean) {
    const ok = await attempt(domain, names, hadCert);
    await followUp(domain.id, names, ok).catch((error: unknown) =>
      deps.log({ err: error, domain: domain.name }, 'ssl: the follow-up request failed to start'),
    );
  }

  async function attempt(domain: Target, names: string[], hadCert: boolean): Promise<boolean> {
    try {
      // The proof goes through the domain's sites as they are now rendered (every server block
      // answers it): a site file written with other settings (another process's listen, an
      // older version without the answer location) would fail it however right the names are.
      await sites.apply(domain);
      // The CA talks to the panel; it fetches the answers from the domain's node.
      const cert = await deps.issuer.issue(names, deps.answers(domain.node));
      const info = deps.describe(cert.certPem);
      await deps.files(domain.node).install(domain.name, cert);
      await store.installed(domain.id, info, clock.now());
      try {
        await sites.apply(domain);
      } catch (error) {
        deps.log({ err: error, domain: domain.name }, 'ssl: the HTTPS config was refused');
        await store.failed(domain.id, 'install', false, clock.now());
        return false;
      }
      return true;
    } catch (error) {
      const kind = error instanceof IssueError ? error.kind : 'install';
      deps.log({ err: error, domain: domain.name, kind }, 'ssl: the certificate request failed');
      await store.failed(domain.id, kind, hadCert, clock.now());
      return false;
    }
  }

  /**
   * Requests a certificate for every host name of the domain when the installed one misses one,
   * in the background like a start. Only for a domain whose customer asked for SSL; a running
   * request is followed up when it ends. Answers whether a request started.
   */
  async function cover(domainId: number): Promise<boolean> {
    const domain = await deps.domainById(domainId);
    const row = await store.get(domainId);
    if (!domain || !onPlan(domain) || !row || row.status === 'pending') return false;
    const hostnames = await sites.hostnames(domain);
    if (uncoveredNames(row, hostnames, clock.now()).length === 0) return false;
    if (!(await store.claim(domainId, hostnames, clock.now()))) return false;
    launch(domain, hostnames, !!row.cert_names);
    return true;
  }

  /**
   * After a request: the names changed while it ran (a subdomain added, or one removed that
   * failed it) and one is not covered: request again for the names of now. Each follow-up asks
   * for every name, so it ends once the names stay the same.
   */
  async function followUp(domainId: number, asked: string[], ok: boolean) {
    const domain = await deps.domainById(domainId);
    if (!domain) return;
    const hostnames = await sites.hostnames(domain);
    const added = hostnames.some((n) => !asked.includes(n));
    const removed = asked.some((n) => !hostnames.includes(n));
    if (added || (!ok && removed)) await cover(domainId);
  }

  function launch(domain: Target, names: string[], hadCert: boolean) {
    const job = issue(domain, names, hadCert).finally(() => running.delete(job));
    running.add(job);
  }

  return {
    async get(domain: Domain): Promise<SslCertificate> {
      const hostnames = mainFirst(domain.name, await sites.hostnames(domain));
      return view(domain, await store.get(domain.id), hostnames);
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
      return view(domain, await store.get(domain.id), mainFirst(domain.name, hostnames));
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
      // Names a certificate still misses (a request for them failed): asked for again.
      for (const row of await store.missingRetry(now - RETRY_AFTER_MS))
        if (await cover(row.domain_id)) started++;
      return started;
    },

    /** A new subdomain: its names are added to the domain's certificate (a reissue). */
    subdomainAdded: async (domain: Pick<Domain, 'id'>) => void (await cover(domain.id)),

    /**
     * A deleted subdomain drops out of the screen's list; the certificate is not reissued
     * without it (nothing serves the name; the next renewal leaves it out). Only when its name
     * failed the last request are the remaining names asked for again.
     */
    async subdomainRemoved(domain: Pick<Domain, 'id'>, name: string): Promise<void> {
      const row = await store.get(domain.id);
      if (row?.failure && rowNames.requested(row).includes(name)) await cover(domain.id);
    },

    /** What the web server serves for the domain: the installed certificate, until it expires. */
    async tlsOf(domain: Pick<Domain, 'id' | 'name'>): Promise<SiteTls | null> {
      const row = await store.get(domain.id);
      const names = coveredNames(row, clock.now());
      return names.length > 0 ? { ...deps.certPaths(domain.name), names } : null;
    },

    /** Waits for the running requests (tests, shutdown). */
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type SslService = ReturnType<typeof createSslService>;
