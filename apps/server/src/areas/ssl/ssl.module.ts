import { join } from 'node:path';
import type { SslSettings } from './ssl.settings.ts';
import type { SslTables } from './ssl.tables.ts';
import type { CoreContext } from '../../core.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { SslSites } from '../../model/ssl-sites.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { CertificateFiles, ChallengeAnswers } from '../../platform/acme/acme.port.ts';
import { certificatePaths } from '../../platform/acme/acme-files.ts';
import { createAcmeIssuer } from '../../platform/acme/acme.acme-client.ts';
import { describeCertificate } from '../../platform/acme/cert-info.ts';
import { createLocalCaIssuer, ensureLocalCa } from '../../platform/acme/local-ca.ts';
import type { AreaModule } from '../area.ts';
import { sslRoutes } from './ssl.routes.ts';
import { createSslService, type SslService } from './ssl.service.ts';
import { createSslStore } from './ssl.store.ts';
import { sslExports, type SslExports } from './ssl.exports.ts';

const portOf = (listen: string) => Number(/(\d+)$/.exec(listen)?.[1] ?? 0);

/** `127.0.0.1:8081` -> where the local CA fetches the HTTP-01 answer (a bare port: loopback). */
function httpAddress(listen: string | undefined) {
  const host = /^\[?([0-9a-f.:]+?)\]?:\d+$/i.exec(listen ?? '')?.[1];
  return {
    host: !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host,
    port: portOf(listen ?? '80'),
  };
}

/** The HTTP-01 answers and certificates of each node (agent/adapters/ssl.ts). */
export interface SslPorts {
  answers: NodePorts<ChallengeAnswers>;
  certificates: NodePorts<CertificateFiles>;
}

/**
 * SSL certificates (docs/ssl.md): requests by ACME, or by Haven's local CA when no directory is
 * configured; installed in the domain's nginx through the webhosting area's sites, and renewed
 * by a scheduled check. The ACME client runs here; the answers and certificates go to the
 * domain's node.
 */
export function sslModule(
  core: CoreContext,
  settings: SslSettings,
  deps: { sites: SslSites },
  ports: SslPorts,
): AreaModule & { service: SslService; exports: SslExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<SslTables>();
  const { paths } = deps.sites;
  const local = core.config.profile === 'local';
  const issuer = settings.acmeDirectory
    ? createAcmeIssuer({
        directoryUrl: settings.acmeDirectory,
        email: settings.acmeEmail,
        directoryCaFile: settings.acmeCaFile,
        accountKeyFile: join(core.config.dataDir, 'ssl', 'acme-account.key'),
      })
    : createLocalCaIssuer({
        dataDir: core.config.dataDir,
        httpAddress: httpAddress(paths.httpListen[0]),
        localhostNames: local,
        days: 90,
      });
  const tlsPort = portOf(paths.tlsListen[0] ?? '443');
  const service = createSslService({
    store: createSslStore(db),
    sites: deps.sites,
    issuer,
    answers: ports.answers,
    files: ports.certificates,
    certPaths: (domain) => certificatePaths(paths.certDir, domain),
    describe: describeCertificate,
    // No HTTPS listen (HAVEN_WEB_TLS_LISTEN=off, or a moved HTTP listen): no address to show.
    urlOf: (name) =>
      paths.tlsListen.length === 0
        ? null
        : `https://${name}${local ? '.localhost' : ''}${tlsPort === 443 ? '' : `:${tlsPort}`}/`,
    domainById: async (id) => {
      const row = await core.customers.domainById(id);
      return row ? toDomainRef(row) : null;
    },
    renewBeforeMs: settings.renewBeforeMs,
    clock: core.clock,
    log: (obj, msg) => core.logger.error(obj, msg),
  });
  deps.sites.useTls((domain) => service.tlsOf(domain));
  return {
    name: 'ssl',
    service,
    exports: sslExports(service),
    routes: (bind) => sslRoutes(bind, service),
    async start() {
      // The local CA's root exists from the start, so the banner can name it for trusting.
      if (issuer.kind === 'local-ca' && local) await ensureLocalCa(core.config.dataDir);
    },
    periodic: [
      {
        name: 'renewal',
        everyMs: settings.checkEveryMs,
        atStart: true,
        run: async () => void (await service.renewDue()),
      },
    ],
    async stop() {
      await service.idle();
    },
  };
}
