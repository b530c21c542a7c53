import { generatePassword } from '@haven/contract';
import type { WebhostingSettings } from './webhosting.settings.ts';
import type { WebhostingTables } from './webhosting.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { AreaModule } from '../area.ts';
import { createFtpChoices } from './ftp-choice.ts';
import { createIniService } from './ini.service.ts';
import { createProtectedDirService } from './protected-dir.service.ts';
import { createProtectedDirsStore } from './protected-dirs.store.ts';
import { createWebhostingReconcile } from './reconcile.ts';
import { createOwnedFolder, createSiteSync } from './site.ts';
import { createSubdomainEvents } from './subdomain-events.ts';
import { createSubdomainLinks } from './subdomain-links.ts';
import { createSubdomainService } from './subdomain.service.ts';
import { createSubdomainsStore } from './subdomains.store.ts';
import { webServerLayout } from './webhosting.platform.ts';
import { createNodeOf, type WebhostingPorts } from './webhosting.ports.ts';
import { webhostingExports, type WebhostingExports } from './webhosting.exports.ts';
import { webhostingRoutes } from './webhosting.routes.ts';
import { createWebUserService } from './webuser.service.ts';
import { createWebUsersStore } from './webusers.store.ts';
import { createTlsHolder, sslSitesOf } from './ssl-sites.ts';

/**
 * Webhosting I: subdomains, PHP, web users, protected directories. It also owns the domain
 * home's lifecycle: a new domain gets its home, its `www` subdomain and its server block. Its
 * web server, FTP server and webspace are the domain's node's (`ports`).
 */
export async function webhostingModule(
  core: CoreContext,
  settings: WebhostingSettings,
  ports: WebhostingPorts,
): Promise<AreaModule & { exports: WebhostingExports }> {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<WebhostingTables>();
  const log = (obj: object, msg: string) => core.logger.error(obj, msg);
  const { webServer, ftp } = ports.webhosting;
  const webspace = ports.shared.webspace;
  // Paths every node of the profile shares: a home's (the core's webspace computes it, no
  // node needed) and the web server's for the SSL area.
  const homeOf = (domain: string) => core.webspace.homeOf(domain);
  const layout = webServerLayout(core.config, settings, null);
  const nodeOf = createNodeOf(core.customers);
  const subdomains = createSubdomainsStore(db);
  const webusers = createWebUsersStore(db);
  const dirs = createProtectedDirsStore(db);
  const clock = core.clock;
  const folder = createOwnedFolder(webspace, ftp);
  const tls = createTlsHolder();
  const site = createSiteSync({ subdomains, dirs, webServer, webspace, homeOf, tls });
  const choices = createFtpChoices({ webusers, ftp, webspace, homeOf, clock });
  const links = createSubdomainLinks();
  const events = createSubdomainEvents(log);
  const services = {
    subdomains: createSubdomainService({
      subdomains,
      webusers,
      choices,
      site,
      webServer,
      ftp,
      webspace,
      folder,
      links,
      events,
      clock,
      log,
    }),
    ini: createIniService({ subdomains, site, log }),
    webusers: createWebUserService({ webusers, subdomains, ftp, webspace, homeOf, clock, log }),
    dirs: createProtectedDirService({ dirs, subdomains, site, folder, clock, log }),
  };

  /** The home, `www` on the newest PHP, and the server block; idempotent. */
  async function provision(domain: DomainRef): Promise<void> {
    if (domain.package !== 'HOSTING') return;
    await folder(domain, 'httpdocs');
    if (!(await subdomains.byName(domain.id, 'www'))) {
      const php = (await webServer(domain.node).phpVersions()).at(-1)?.value ?? null;
      await subdomains
        .insert({
          domain_id: domain.id,
          name: 'www',
          php,
          webuser_id: null,
          created_at: clock.now(),
        })
        .catch(() => undefined);
    }
    await site.apply(domain);
  }

  return {
    name: 'webhosting',
    routes: (bind) => webhostingRoutes(bind, services),
    onDomainCreated: provision,
    reconcile: createWebhostingReconcile({
      subdomains,
      dirs,
      webusers,
      site,
      ftp,
      webspace,
      homeOf,
      folder,
    }),
    exports: webhostingExports(
      links,
      events,
      { webServer, nodeOf },
      webusers,
      subdomains,
      sslSitesOf({ subdomains, site, layout, tls, nodeOf }),
    ),
    async seedDemo(domain) {
      if (domain.package !== 'HOSTING' || (await subdomains.list(domain.id)).length > 1) return;
      await provision(domain);
      const php = (await webServer(domain.node).phpVersions()).at(-1)?.value ?? null;
      const user = `web-${domain.name.split('.')[0] ?? 'demo'}`.slice(0, 32).replace(/-+$/, '');
      await services.webusers
        .create(domain, { name: user, password: generatePassword(16) })
        .catch(() => undefined);
      await services.subdomains.create(domain, {
        name: 'blog',
        phpHandlerId: php,
        ftpAccount: null,
      });
      const dir = await services.dirs.create(domain, {
        subdomain: 'www',
        name: 'intern',
        description: 'Alleen voor medewerkers',
      });
      await services.dirs.addUser(domain, dir.id, {
        name: 'medewerker',
        password: generatePassword(16),
      });
    },
  };
}
