import type { CoreContext } from '../core.ts';
import type { AreaModule } from './area.ts';
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

/**
 * Every area of the panel, in registration order. A new area adds one line here and keeps
 * everything else in its own folder. This is the one place where areas meet: an area that needs
 * another's help declares a narrow interface and gets the provider's `exports` here, e.g.
 *   mailModule(core, { zoneRecords: dns.exports.zoneRecords })          (mail's MX, SPF, DKIM)
 *   webAppsModule(core, { subdomainLinks: webhosting.exports.subdomainLinks })
 */
export async function createAreas(core: CoreContext): Promise<AreaModule[]> {
  const webhosting = await webhostingModule(core);
  const dns = dnsModule(core);
  return [
    systemModule(core),
    authModule(core),
    accountModule(core),
    jobsModule(core),
    webhosting,
    databasesModule(core),
    dns,
    shopModule(core),
    sitebuilderModule(core),
    filemanagerModule(core),
  ];
}
