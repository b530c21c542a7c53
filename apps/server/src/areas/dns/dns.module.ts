import type { DnsEnv } from './dns.settings.ts';
import type { DnsTables } from './dns.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { WebsiteForwards } from '../../model/website-forwards.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { DnsServer } from '../../platform/dns/dns.port.ts';
import type { AreaModule } from '../area.ts';
import { loadDnsSettings } from './dns-provider-settings.ts';
import { createDnsStore } from './dns.store.ts';
import { createDnsService } from './dns.service.ts';
import { dnsRoutes } from './dns.routes.ts';
import { seedDnsDemo } from './dns.seed.ts';
import { dnsExports, type DnsExports } from './dns.exports.ts';
import { createContributedDefaults } from './dns-contributed.ts';

/** What the DNS area needs of others: the web server that serves its website forward. */
export interface DnsNeeds {
  websiteForwards: WebsiteForwards;
}

/** The DNS server of each node (agent/adapters/dns.ts): a zone is served by its domain's node. */
export interface DnsPorts {
  server: NodePorts<DnsServer>;
}

export function dnsModule(
  core: CoreContext,
  settings: DnsEnv,
  needs: DnsNeeds,
  ports: DnsPorts,
): AreaModule & { exports: DnsExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<DnsTables>();
  const contributed = createContributedDefaults(core.logger);
  const svc = createDnsService({
    store: createDnsStore(db),
    server: ports.server,
    forwards: needs.websiteForwards,
    settings: loadDnsSettings(settings, core.config.dataDir),
    clock: core.clock,
    logger: core.logger,
    contributed,
  });
  return {
    name: 'dns',
    routes: (bind) => dnsRoutes(bind, svc),
    onDomainCreated: (domain) => svc.provision(domain),
    reconcile: async (domain) =>
      (await svc.reconcile(domain)).map((text) => ({ domain: domain.name, area: 'dns', text })),
    seedDemo: (domain) => seedDnsDemo(svc, domain),
    exports: dnsExports(svc, contributed),
  };
}
