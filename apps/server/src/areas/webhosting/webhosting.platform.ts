import { join } from 'node:path';
import type { Profile } from '../../lib/settings.ts';
import {
  debianLayout,
  localLayout,
  type WebServerLayout,
} from '../../platform/web-server/layout.ts';
import type { WebhostingSettings } from './webhosting.settings.ts';

/**
 * Where a node's web server keeps its files, per profile, with the area's settings (nginx's
 * listen addresses). A node's adapters (agent/adapters/webhosting.ts) are built on it; the area
 * reads the same paths from it for the SSL area, as every node of a profile lays them out alike.
 * `runAs`: the web account when Haven is root (null for the paths alone: they do not depend on it).
 */
export function webServerLayout(
  place: { profile: Profile; dataDir: string },
  settings: Pick<WebhostingSettings, 'listen' | 'tlsListen'>,
  runAs: WebServerLayout['runAs'],
): WebServerLayout {
  const { listen, tlsListen } = settings;
  return place.profile === 'debian'
    ? debianLayout(listen, runAs, tlsListen)
    : localLayout(join(place.dataDir, 'web'), listen, runAs, tlsListen);
}
