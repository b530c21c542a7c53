import type { z } from 'zod';
import { databasesSettings } from './databases/databases.settings.ts';
import { dnsSettings } from './dns/dns.settings.ts';
import { filemanagerSettings } from './filemanager/filemanager.settings.ts';
import { logsSettings } from './logs/logs.settings.ts';
import { shopSettings } from './shop/shop.settings.ts';
import { statisticsSettings } from './statistics/statistics.settings.ts';
import { sitebuilderSettings } from './sitebuilder/sitebuilder.settings.ts';
import { webhostingSettings } from './webhosting/webhosting.settings.ts';
import { sslSettings } from './ssl/ssl.settings.ts';
import { webappsSettings } from './webapps/webapps.settings.ts';
import { mailSettings } from './mail/mail.settings.ts';

/**
 * Each area's settings, by area: a zod object per profile in the area's `<area>.settings.ts`.
 * config.ts composes them with the core settings into the one environment schema. A new area
 * with settings adds one line here.
 */
export const AREA_SETTINGS = {
  databases: databasesSettings,
  dns: dnsSettings,
  filemanager: filemanagerSettings,
  logs: logsSettings,
  shop: shopSettings,
  sitebuilder: sitebuilderSettings,
  statistics: statisticsSettings,
  webhosting: webhostingSettings,
  ssl: sslSettings,
  webapps: webappsSettings,
  mail: mailSettings,
};

/** Each area's parsed settings, by area: the registry hands each module its own. */
export type AreaSettings = {
  [Area in keyof typeof AREA_SETTINGS]: z.output<ReturnType<(typeof AREA_SETTINGS)[Area]>>;
};
