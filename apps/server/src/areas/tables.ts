import type { WebhostingTables } from './webhosting/webhosting.tables.ts';
import type { DatabasesTables } from './databases/databases.tables.ts';
import type { FilemanagerTables } from './filemanager/filemanager.tables.ts';
import type { ShopTables } from './shop/shop.tables.ts';
import type { DnsTables } from './dns/dns.tables.ts';
import type { CronTables } from './cron/cron.tables.ts';
import type { SslTables } from './ssl/ssl.tables.ts';
import type { LogsTables } from './logs/logs.tables.ts';
import type { StatisticsTables } from './statistics/statistics.tables.ts';
import type { MailListsTables } from './mail-lists/mail-lists.tables.ts';
import type { WebappsTables } from './webapps/webapps.tables.ts';
import type { HelpdeskTables, HelpdeskTicketTables } from './helpdesk/helpdesk.tables.ts';
import type { MailTables } from './mail/mail.tables.ts';

/**
 * Every area's tables (with db/schema.ts's CoreTables, the whole panel state), for the composition
 * root and the tests alone: each area's module sees the core's tables and its own
 * (`core.db.withTables<...>()`). A new area with tables adds them here.
 */
export type AreaTables = WebhostingTables &
  DatabasesTables &
  ShopTables &
  DnsTables &
  FilemanagerTables &
  HelpdeskTables &
  HelpdeskTicketTables &
  CronTables &
  SslTables &
  LogsTables &
  StatisticsTables &
  WebappsTables &
  MailTables &
  MailListsTables;
