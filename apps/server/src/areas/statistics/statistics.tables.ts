import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** Bytes per domain and day (`YYYY-MM-DD`), by protocol and direction. */
export interface StatisticsTrafficTable {
  domain_id: number;
  day: string;
  http_in: Generated<number>;
  http_out: Generated<number>;
  ftp_in: Generated<number>;
  ftp_out: Generated<number>;
  smtp_in: Generated<number>;
  smtp_out: Generated<number>;
  pop3_imap_in: Generated<number>;
  pop3_imap_out: Generated<number>;
}

/**
 * Where each log was read to: `d<domain id>/<file name>`, `ftp`, `postfix` or `dovecot`, by inode
 * and offset.
 */
export interface StatisticsCursorsTable {
  source: string;
  inode: number;
  offset: number;
}

/**
 * Per domain: when its logs were last read. The disk columns are no longer written: the file
 * manager's quota keeps the one disk usage figure (docs/statistics.md).
 */
export interface StatisticsStateTable {
  domain_id: number;
  refreshed_at: number | null;
  httpdocs: number | null;
  httpsdocs: number | null;
  subdomains: number | null;
  databases: number | null;
  mailboxes: number | null;
  measured_at: number | null;
}

export type StatisticsTables = {
  statistics_traffic: StatisticsTrafficTable;
  statistics_cursors: StatisticsCursorsTable;
  statistics_state: StatisticsStateTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type StatisticsDb = AreaDb<StatisticsTables>;
