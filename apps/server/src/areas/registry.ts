import type { CoreContext } from '../core.ts';
import type { AreaModule } from './area.ts';
import type { AreaSettings } from './settings.ts';
import { authModule } from './auth/auth.module.ts';
import { accountModule } from './account/account.module.ts';
import { jobsModule } from './jobs/jobs.module.ts';
import { systemModule } from './system/system.module.ts';
import { shopModule } from './shop/shop.module.ts';
import { sitebuilderModule } from './sitebuilder/sitebuilder.module.ts';
import { databasesModule } from './databases/databases.module.ts';
import { dnsModule } from './dns/dns.module.ts';
import { webhostingModule } from './webhosting/webhosting.module.ts';
import { filemanagerModule } from './filemanager/filemanager.module.ts';
import { hostingModule } from './hosting/hosting.module.ts';
import { helpdeskModule } from './helpdesk/helpdesk.module.ts';
import { cronModule } from './cron/cron.module.ts';
import { sslModule } from './ssl/ssl.module.ts';
import { logsModule } from './logs/logs.module.ts';
import { statisticsModule } from './statistics/statistics.module.ts';
import { toDomainRef } from '../customers/customers.store.ts';
import { webappsModule } from './webapps/webapps.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { mailListsModule } from './mail-lists/mail-lists.module.ts';
import type { NodePortsByArea } from '../agent/node-adapters.ts';

/**
 * Every area of the panel, in registration order. A new area adds one line here and keeps
 * everything else in its own folder. This is the one place where areas meet: an area that needs
 * another's help declares a narrow interface and gets the provider's `exports` here, e.g.
 *   mailModule(core, settings.mail, { mailZone: dns.exports.mailZone })   (MX, SPF, DKIM, DMARC)
 * Each module gets the core and its own settings (never the whole config); docs/architecture.md,
 * "How areas talk".
 */
export async function createAreas(
  core: CoreContext,
  settings: AreaSettings,
  /** Each area's platform ports on any node (agent/node-adapters.ts), by area. */
  ports: NodePortsByArea,
) {
  // Every area's routes pass the auth area's guard, and its jobs run on the jobs area's runner.
  const auth = authModule(core);
  const jobs = jobsModule(core);
  const webhosting = await webhostingModule(core, settings.webhosting, ports);
  // The DNS area's website forward is served by the webhosting area's web server.
  const dns = dnsModule(
    core,
    settings.dns,
    { websiteForwards: webhosting.exports.websiteForwards },
    ports.dns,
  );
  // A new subdomain's name is served by the hosting server unless the zone already answers it.
  webhosting.exports.subdomainAdded.register(async (domain, name) => {
    const row = await core.customers.domainById(domain.id);
    if (row) await dns.exports.zoneRecords.serveName(toDomainRef(row), name);
  });
  // A deleted subdomain takes the record Haven served its name with (not the customer's own).
  webhosting.exports.subdomainRemoved.register(async (domain, name) => {
    const row = await core.customers.domainById(domain.id);
    if (row) await dns.exports.zoneRecords.releaseName(toDomainRef(row), name);
  });
  // A reset to the DNS defaults keeps a HOST record for each of the domain's subdomains.
  dns.exports.zoneDefaults.register('subdomain', async (domain) =>
    (await webhosting.exports.subdomainSites.list(domain.id)).map((s) => ({
      type: 'HOST' as const,
      host: s.name,
      value: '',
    })),
  );
  // The spam filter product reaches the DNS area through this one narrow function.
  const spamfilterOn = async (domainId: number) => {
    const row = await core.customers.domainById(domainId);
    if (row) await dns.exports.setSpamfilter(toDomainRef(row), true);
  };
  // The disk usage counts MariaDB's own figures for the domain's databases.
  const databases = databasesModule(core, settings.databases, ports.databases);
  // Web apps make their database through the databases area and keep their subdomain from deletion.
  const webapps = webappsModule(
    core,
    settings.webapps,
    {
      runner: jobs.exports.runner,
      jobs: jobs.exports.records,
      appDatabases: databases.exports.appDatabases,
      subdomainSites: webhosting.exports.subdomainSites,
      subdomainLinks: webhosting.exports.subdomainLinks,
    },
    { files: ports.webapps.files, webspace: ports.shared.webspace },
  );
  // A ticket can be about a database or a failed job: the databases area and the job records answer.
  const helpdesk = helpdeskModule(core, {
    about: {
      databases: databases.exports.databaseNames,
      failedJobs: (ids, limit) => jobs.exports.records.failedOf(ids, limit),
    },
  });
  // The shop's order and invoice mail honours the customer's mailing preference.
  const invoiceMailAllowed = (customerId: number) =>
    helpdesk.exports.mailAllowed(customerId, 'invoices_collection');
  // Mail's records (MX, SPF, DKIM, DMARC) are checked and added through the DNS area, and a DNS
  // reset keeps mail's DKIM and DMARC while mail is on; the dashboard's top five come from mail.
  const mail = mailModule(
    core,
    settings.mail,
    { mailZone: dns.exports.mailZone, sessions: auth.exports.sessions },
    ports.mail,
  );
  dns.exports.zoneDefaults.register('mail', mail.exports.zoneDefaults);
  core.passwordChanges.register(mail.exports.loginPasswordChanged);
  // Rotation renames the logs; the webhosting area's nginx reopens them. A deleted subdomain's
  // logs go with it.
  const logs = logsModule(
    core,
    settings.logs,
    { reopenLogs: webhosting.exports.reopenLogs },
    ports.logs,
  );
  webhosting.exports.subdomainRemoved.register(logs.exports.subdomainRemoved);
  // A list is a local part of the domain's mail: names shared both ways, routes in mail's maps.
  const mailLists = mailListsModule(core, { namespace: mail.exports.namespace });
  // The disk quota holds the files, the databases (MariaDB's figures) and the mailboxes together.
  const filemanager = filemanagerModule(
    core,
    settings.filemanager,
    {
      databaseBytes: databases.exports.databaseBytes,
      mailboxes: mail.exports.mailboxUsage,
      ftpAccounts: webhosting.exports.ftpAccounts,
      runner: jobs.exports.runner,
      jobs: jobs.exports.records,
    },
    { webspaceFiles: ports.shared.webspaceFiles },
  );
  // Certificates are served by the webhosting area's sites (HTTPS blocks, ACME answers); a new
  // subdomain's names are added to the domain's certificate, a deleted one's drop out.
  const ssl = sslModule(core, settings.ssl, { sites: webhosting.exports.sslSites }, ports.ssl);
  webhosting.exports.subdomainAdded.register(ssl.exports.subdomainAdded);
  webhosting.exports.subdomainRemoved.register(ssl.exports.subdomainRemoved);
  const shop = shopModule(core, settings.shop, {
    resolveDomain: (principal, name) => auth.exports.guard.resolveDomain(principal, name),
    spamfilterOn,
    invoiceMailAllowed,
  });
  const areas: AreaModule[] = [
    systemModule(core),
    auth,
    // The account page's new password ends the login's other sessions.
    accountModule(core, { sessions: auth.exports.sessions }),
    jobs,
    webhosting,
    databases,
    dns,
    shop,
    // The site builder shows the product the domain owns, from the shop's catalogue.
    sitebuilderModule(core, settings.sitebuilder, { products: shop.exports.products }),
    filemanager,
    helpdesk,
    cronModule(
      core,
      { ftpAccounts: webhosting.exports.ftpAccounts },
      { cron: ports.cron.cron, webspace: ports.shared.webspace },
    ),
    hostingModule({ access: core.hostingAccess, changes: core.nodes.nodes.changes }),
    ssl,
    logs,
    // The dashboard's disk usage is the file manager quota's one measurement.
    statisticsModule(
      core,
      settings.statistics,
      {
        diskUsage: filemanager.exports.diskUsage,
        counts: async (domainId) => ({
          ...(await webhosting.exports.objectCounts(domainId)),
          databases: await databases.exports.databaseCount(domainId),
        }),
        mailboxes: mail.exports.mailboxUsage,
      },
      ports.statistics,
    ),
    webapps,
    mail,
    mailLists,
  ];
  // What the composition root and the operator CLI use: the guard, the runner, the operator's tools.
  return {
    areas,
    auth: auth.exports,
    jobs: jobs.exports,
    dns: dns.exports,
    helpdesk: helpdesk.exports,
  };
}
