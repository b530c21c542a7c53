import type { WebappsSettings } from './webapps.settings.ts';
import type { WebappsTables } from './webapps.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AppDatabases } from '../../model/app-databases.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import type { JobRecords, JobRunner } from '../../model/jobs.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import {
  webappFilesFromNode,
  type NodeWebappFiles,
} from '../../platform/webapp-files/webapp-files.remote.ts';
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

/** The platform ports the web apps area drives on each node (agent/adapters/webapps.ts, shared.ts). */
export interface WebappsPorts {
  files: NodePorts<NodeWebappFiles>;
  /** The domain's own system account, which the app's files and its installer run as. */
  webspace: NodePorts<Pick<NodeWebspace, 'ensureOwner'>>;
}

/** Webhosting VII: one-click web apps, installed as jobs into a subdomain's document root. */
export function webappsModule(
  core: CoreContext,
  settings: WebappsSettings,
  needs: WebappsNeeds,
  ports: WebappsPorts,
): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<WebappsTables>();
  const svc = createWebappsService({
    files: (node) => webappFilesFromNode(ports.files(node)),
    store: createWebappsStore(db),
    databases: needs.appDatabases,
    source: settings.source,
    sites: needs.subdomainSites,
    runner: needs.runner,
    clock: core.clock,
    log: core.logger.child({ area: 'webapps' }),
    // Every node lays homes out the same way: the panel computes the path (webspace.remote.ts).
    homeOf: (domain) => core.webspace.homeOf(domain),
    ensureOwner: (domain) =>
      ports.webspace(domain.node).ensureOwner({ id: domain.id, name: domain.name }),
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
