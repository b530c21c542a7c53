import type { AppDatabases } from '../../model/app-databases.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { FileOwner, WebappFiles } from '../../platform/webapp-files/webapp-files.port.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { Recipe } from './recipes.ts';
import type { WebappRow, WebappsStore } from './webapps.store.ts';

/** What an install step needs to do its work (install-job.ts, install-locale.ts). */
export interface InstallDeps {
  /** The web app files on each node: an app goes onto its domain's node (`files(domain.node)`). */
  files: NodePorts<WebappFiles>;
  store: WebappsStore;
  databases: AppDatabases;
  source: string;
  ensureOwner(domain: DomainRef): Promise<FileOwner | null>;
}

export interface InstallTarget {
  domain: DomainRef;
  row: WebappRow;
  recipe: Recipe;
  home: string;
  /** The app's folder relative to the home. */
  rel: string;
  url: string;
}
