import { webapps } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import type { WebappFiles } from '../../platform/webapp-files/webapp-files.port.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { InstallSecrets } from './install-job.ts';
import { recipeByKey } from './recipes.ts';
import { conflict, invalid } from './webapps.errors.ts';

/** The site's address: the main site (`www`) is the bare domain, where the customer's visitors go. */
export const siteHost = (subdomain: string, domain: string) =>
  subdomain === webapps.MAIN_SITE ? domain : `${subdomain}.${domain}`;

/**
 * What an install needs beyond `installBody`'s rules (the folder's, the admin's name, password
 * and path, the title's), judged before anything is made: a known package, the domain's own
 * subdomain (the main site `www` included: the form offers it as its own choice), and a folder
 * that is no link out and is empty unless overwrite.
 */
export async function checkInstall(
  deps: { sites: SubdomainSites; files: NodePorts<WebappFiles>; homeOf(domain: string): string },
  domain: DomainRef,
  body: webapps.InstallValues,
) {
  const recipe = recipeByKey(body.webapp);
  if (!recipe) throw invalid('unknown_package', { webapp: 'unknown_package' });
  const subdomain = body.subdomain.id.trim().toLowerCase();
  // Only this domain's subdomains are looked at: another customer's is simply not found.
  const site = (await deps.sites.list(domain.id)).find((s) => s.name === subdomain);
  if (!site) throw invalid('invalid_subdomain', { subdomain: 'invalid_subdomain' });
  const directory = webapps.cleanDirectory(body.install_directory);
  const title = body.title || siteHost(subdomain, domain.name);

  const rel = directory ? `${site.docroot}/${directory}` : site.docroot;
  let found: { exists: boolean; empty: boolean };
  try {
    found = await deps.files(domain.node).inspect(deps.homeOf(domain.name), rel);
  } catch (error) {
    // A link, a file on the way or a missing document root: not a folder an app can go into.
    if (error instanceof AppError)
      throw invalid('invalid_directory', { install_directory: 'invalid_directory' });
    throw error;
  }
  if (found.exists && !found.empty && !body.overwrite) throw conflict('directory_not_empty');

  const secrets: InstallSecrets = {
    adminEmail: body.admin_email,
    adminUsername: body.admin_username,
    adminPassword: body.admin_password,
    title,
    language: body.language ?? 'nl',
  };
  return {
    recipe,
    subdomain,
    directory,
    adminPath: body.admin_path,
    protocol: body.protocol,
    secrets,
  };
}
