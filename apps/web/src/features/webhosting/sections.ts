import type { RouteName } from '../../lib/paths.ts';

export interface WebhostingSection {
  /** The route the section's tab or link opens. */
  route: RouteName;
  /** Key in the webhosting namespace. */
  label: string;
}

/**
 * The sections of the webhosting container that are built, in the order of their tabs. Each
 * area adds its own line when its screens exist; unbuilt ones stay out of the navigation.
 */
export const WEBHOSTING_SECTIONS: readonly WebhostingSection[] = [
  { route: 'subdomain', label: 'sections.subdomain' },
  { route: 'dns', label: 'sections.dns' },
  { route: 'database', label: 'sections.database' },
  { route: 'web-user', label: 'sections.web_user' },
  { route: 'protecteddirectory', label: 'sections.protected_directory' },
  { route: 'filemanager', label: 'sections.filemanager' },
  { route: 'ssl', label: 'sections.ssl' },
  { route: 'webapp', label: 'sections.webapp' },
  { route: 'cronjob', label: 'sections.cronjob' },
  { route: 'log', label: 'sections.log' },
  { route: 'statistics', label: 'sections.statistics' },
];
