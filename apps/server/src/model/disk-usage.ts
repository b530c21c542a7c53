import type { DomainRef } from './principal.ts';

/**
 * A domain's disk usage, measured at one moment: the parts the dashboard shows and their sum,
 * the figure the plan's disk space (`disk_quota_mb`) is enforced against.
 */
export interface DomainDiskUsage {
  httpdocs: number;
  httpsdocs: number;
  subdomains: number;
  /** The rest of the home (logs, private, files at its top) and the file manager's trash. */
  other_files: number;
  /** MariaDB's own figures; null when the database server cannot be reached (counted as 0). */
  databases: number | null;
  mailboxes: number;
  /** Bytes used: the parts' sum, plus what the file manager wrote since the measurement. */
  used: number;
  /** The plan's disk space in bytes (SI megabytes). */
  limit: number;
  /** When the parts were measured (epoch ms). */
  measured_at: number;
}

/**
 * The one measurement of a domain's disk usage (the file manager's quota keeps it); the
 * dashboard, the statistics and the file manager all show it.
 */
export interface DiskUsageSource {
  /** The kept figure while recent, else measured again (see the file manager's quota). */
  current(domain: DomainRef): Promise<DomainDiskUsage>;
  /** Measured now (a refresh). */
  measure(domain: DomainRef): Promise<DomainDiskUsage>;
}
