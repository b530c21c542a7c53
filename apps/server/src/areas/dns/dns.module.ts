import { join } from 'node:path';
import type { DnsEnv } from './dns.settings.ts';
import type { DnsTables } from './dns.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { WebsiteForwards } from '../../model/website-forwards.ts';
import type { DnsServer } from '../../platform/dns/dns.port.ts';
import { createBindFilesDns } from '../../platform/dns/dns.bind-files.ts';
import { createPowerDnsServer } from '../../platform/dns/dns.powerdns.ts';
import type { AreaModule } from '../area.ts';
import { loadDnsSettings } from './dns-provider-settings.ts';
import { createDnsStore } from './dns.store.ts';
import { createDnsService } from './dns.service.ts';
import { dnsRoutes } from './dns.routes.ts';
import { seedDnsDemo } from './dns.seed.ts';
import { dnsExports, type DnsExports } from './dns.exports.ts';
import { createContributedDefaults } from './dns-contributed.ts';

/** PowerDNS when its API is configured, otherwise BIND zone files under the data dir. */
function dnsServerFor(core: CoreContext, settings: DnsEnv): DnsServer {
  const { pdnsApiUrl, pdnsApiKey } = settings;
  // dns.settings.ts refuses a URL without its key at start.
  if (pdnsApiUrl && pdnsApiKey)
    return createPowerDnsServer({ url: pdnsApiUrl, apiKey: pdnsApiKey });
  return createBindFilesDns(join(core.config.dataDir, 'dns', 'zones'));
}

/** What the DNS area needs of others: the web server that serves its website forward. */
export interface DnsNeeds {
  websiteForwards: WebsiteForwards;
}

export function dnsModule(
  core: CoreContext,
  settings: DnsEnv,
  needs: DnsNeeds,
): AreaModule & { exports: DnsExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<DnsTables>();
  const contributed = createContributedDefaults(core.logger);
  const svc = createDnsService({
    store: createDnsStore(db),
    server: dnsServerFor(core, settings),
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
