import { join } from 'node:path';
import type { Profile } from '../lib/settings.ts';
import { createDirectoryWebspace } from '../platform/webspace/webspace.local.ts';
import type { DomainAccounts } from '../platform/webspace/webspace-owner.ts';
import { createShadowSystemUsers } from '../platform/system-users/system-users.shadow.ts';
import { createLocalWebspaceFiles } from '../platform/webspace-files/webspace-files.local.ts';

/** The web account and the per-domain users (the webhosting area's settings). */
export interface WebspaceSettings {
  webUser: string;
  domainUsers: boolean;
  domainUserPrefix: string;
}

/**
 * Per-domain system accounts: only when Haven runs as root (it cannot make users otherwise) and
 * HAVEN_DOMAIN_USERS is not off; else homes stay with the web account as before.
 */
function domainAccounts(web: WebspaceSettings): DomainAccounts | null {
  if (process.getuid?.() !== 0 || !web.domainUsers) return null;
  return { users: createShadowSystemUsers(), prefix: web.domainUserPrefix, webUser: web.webUser };
}

/**
 * A node's customer homes and their files: the panel's process builds them for its `local`
 * node (core.ts), `haven agent` for its own (agent-main.ts), from the same settings.
 */
export function createNodeWebspace(
  config: { profile: Profile; dataDir: string },
  web: WebspaceSettings,
) {
  const webspace = createDirectoryWebspace(
    config.profile === 'debian' ? '/var/www' : join(config.dataDir, 'homes'),
    domainAccounts(web),
  );
  return { webspace, webspaceFiles: createLocalWebspaceFiles(webspace) };
}
