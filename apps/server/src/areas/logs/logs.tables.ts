import type { AreaDb } from '../../db/database.ts';
/** A single-use download ticket for one log; only its SHA-256 is stored. */
export interface LogTicketsTable {
  token_hash: string;
  domain_id: number;
  name: string;
  expires_at: number;
  used_at: number | null;
}

/** When a domain's logs were last rotated (epoch ms). */
export interface LogRotationsTable {
  domain_id: number;
  rotated_at: number;
}

export type LogsTables = {
  log_tickets: LogTicketsTable;
  log_rotations: LogRotationsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type LogsDb = AreaDb<LogsTables>;
