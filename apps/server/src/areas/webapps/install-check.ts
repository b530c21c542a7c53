import { webapps } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import type { WebappFiles } from '../../platform/webapp-files/webapp-files.port.ts';
import type { InstallSecrets } from './install-job.ts';
import { recipeByKey } from './recipes.ts';
import { conflict, invalid } from './webapps.errors.ts';

const CONTROL = /\p{Cc}/u;

/** The site's address: the main site (`www`) is the bare domain, where the customer's visitors go. */
export const siteHost = (subdomain: string, domain: string) =>
  subdomain === webapps.MAIN_SITE ? domain : `${subdomain}.${domain}`;

/**
 * Every rule of an install, judged before anything is made: the package, the domain's own
 * subdomain (the main site `www` included: the form offers it as its own choice), the folder (no `..`, no link out, empty unless overwrite), the admin's
 * name, password (16 to 32, upper, lower, digit, special) and path (one folder name).
 */
export async function checkInstall(
  deps: { sites: SubdomainSites; files: WebappFiles; homeOf(domain: string): string },
  domain: DomainRef,
  body: webapps.InstallBody,
) {
  const recipe = recipeByKey(body.webapp);
  if (!recipe) throw invalid('unknown_package', { webapp: 'unknown_package' });
  const subdomain = body.subdomain.id.trim().toLowerCase();
  // Only this domain's subdomains are looked at: another customer's is simply not found.
  const site = (await deps.sites.list(domain.id)).find((s) => s.name === subdomain);
  if (!site) throw invalid('invalid_subdomain', { subdomain: 'invalid_subdomain' });
  const directory = webapps.cleanDirectory(body.install_directory);
  if (directory !== '' && !webapps.INSTALL_DIRECTORY_PATTERN.test(directory))
    throw invalid('invalid_directory', { install_directory: 'invalid_directory' });
  if (!webapps.ADMIN_USERNAME_PATTERN.test(body.admin_username))
    throw invalid('invalid_username', { admin_username: 'invalid_username' });
  if (body.admin_password !== body.admin_passwordRepeat)
    throw invalid('password_mismatch', { admin_passwordRepeat: 'password_mismatch' });
  const problems = webapps.webappPasswordProblems(body.admin_password, body.admin_username);
  if (problems.length > 0) throw invalid('weak_password', { admin_password: problems.join(',') });
  const adminPath = body.admin_path.trim();
  if (!webapps.ADMIN_PATH_PATTERN.test(adminPath))
    throw invalid('invalid_admin_path', { admin_path: 'invalid_admin_path' });
  const title = (body.title ?? '').trim() || siteHost(subdomain, domain.name);
  if (CONTROL.test(title)) throw invalid('invalid_title', { title: 'invalid_title' });

  const rel = directory ? `${site.docroot}/${directory}` : site.docroot;
  let found: { exists: boolean; empty: boolean };
  try {
    found = await deps.files.inspect(deps.homeOf(domain.name), rel);
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
    adminPath,
    protocol: body.protocol ?? webapps.DEFAULT_WEBAPP_PROTOCOL,
    secrets,
  };
}
