import { dirname } from 'node:path';
import type { WebappsSettings } from './webapps.settings.ts';
import type { WebappsTables } from './webapps.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AppDatabases } from '../../model/app-databases.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import type { JobRecords, JobRunner } from '../../model/jobs.ts';
import { createLocalWebappFiles } from '../../platform/webapp-files/webapp-files.local.ts';
import type { AreaModule } from '../area.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import { createWebappsService } from './webapps.service.ts';
import { createWebappsStore } from './webapps.store.ts';
import { webappsRoutes } from './webapps.routes.ts';

/** What the web apps area needs of others (areas/registry.ts passes them). */
export interface WebappsNeeds {
  appDatabases: AppDatabases;
  subdomainSites: SubdomainSites;
  subdomainLinks: { register(counter: (domainId: number, sub: string) => Promise<number>): void };
  /** The jobs area's runner (installs are jobs) and records (an install's state). */
  runner: JobRunner;
  jobs: JobRecords;
}

/** Webhosting VII: one-click web apps, installed as jobs into a subdomain's document root. */
export function webappsModule(
  core: CoreContext,
  settings: WebappsSettings,
  needs: WebappsNeeds,
): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<WebappsTables>();
  // The homes' own folder (any domain's home's parent): staging goes beside the homes.
  const homesRoot = dirname(core.webspace.homeOf('example.org'));
  const svc = createWebappsService({
    files: createLocalWebappFiles({ homesRoot, php: settings.php }),
    store: createWebappsStore(db),
    databases: needs.appDatabases,
    source: settings.source,
    sites: needs.subdomainSites,
    runner: needs.runner,
    clock: core.clock,
    log: core.logger.child({ area: 'webapps' }),
    homeOf: (domain) => core.webspace.homeOf(domain),
    ensureOwner: (domain) => core.webspace.ensureOwner(domain),
    domainById: async (id) => {
      const row = await core.customers.domainById(id);
      return row ? toDomainRef(row) : undefined;
    },
    jobState: async (id) => (await needs.jobs.byId(id))?.state,
  });
  needs.subdomainLinks.register((domainId, sub) => svc.linkCount(domainId, sub));
  return {
    name: 'webapps',
    routes: (bind) => webappsRoutes(bind, svc),
    // Runs before the job runner starts (compose.ts), so a `running` job here is an orphan.
    start: () => svc.recoverInterrupted(),
  };
}
