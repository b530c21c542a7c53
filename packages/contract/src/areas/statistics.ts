import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { domainParams } from './account.ts';

/** Error codes of statistics; the web shows them as `statistics.error.<code>`. */
export const STATISTICS_ERRORS = ['range_reversed', 'range_too_long', 'date_in_future'] as const;

/** Statistics constants (specs part 1 §3 "Statistics"). */
export const STATISTICS_LIMITS = {
  /** The longest date range one traffic call answers: a bit over a year of daily rows. */
  maxRangeDays: 400,
  /** Disk usage at or above this share of the plan's disk space shows a warning. */
  warnAtShare: 0.9,
  /** How many mailboxes the dashboard lists (specs §10: top five). */
  topMailboxes: 5,
} as const;

/** A calendar date as `YYYY-MM-DD` (specs: data usage from the first of the month to today). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'invalid date',
    },
  );

/** The traffic directions of the specs' traffic rows, in their order. */
export const TRAFFIC_FIELDS = [
  'http_in',
  'http_out',
  'ftp_in',
  'ftp_out',
  'smtp_in',
  'smtp_out',
  'pop3_imap_in',
  'pop3_imap_out',
] as const;
export type TrafficField = (typeof TRAFFIC_FIELDS)[number];

const bytes = z.number().int().nonnegative();
export const trafficCounts = z.object({
  http_in: bytes,
  http_out: bytes,
  ftp_in: bytes,
  ftp_out: bytes,
  smtp_in: bytes,
  smtp_out: bytes,
  pop3_imap_in: bytes,
  pop3_imap_out: bytes,
});
export type TrafficCounts = z.infer<typeof trafficCounts>;

export const trafficDay = trafficCounts.extend({ date: isoDate });
export type TrafficDay = z.infer<typeof trafficDay>;

/** Bytes per day (every day of the range, zeros included) and the range's totals. */
export const trafficReport = z.object({
  from: isoDate,
  to: isoDate,
  days: z.array(trafficDay),
  total: trafficCounts,
  /** When the logs were last read into these figures (epoch ms); null: never. */
  refreshed_at: z.number().int().nullable(),
});
export type TrafficReport = z.infer<typeof trafficReport>;

export const trafficQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });

export const getTraffic = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/statistics/traffic',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'Data usage per day (default: the first of the month to today)',
  errors: STATISTICS_ERRORS,
  params: domainParams,
  query: trafficQuery,
  response: trafficReport,
});

export const refreshTraffic = defineEndpoint({
  method: 'POST',
  path: '/api/{domain}/statistics/refresh',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary:
    "Reads the domain's new log lines into the daily figures and measures its disk usage, now",
  errors: [],
  expensive: true,
  params: domainParams,
  response: z.object({ refreshed_at: z.number().int() }),
});

/**
 * One measurement of the domain's disk usage, the same one the file manager shows and its quota
 * enforces: the parts add up to `limits.disk_used` (plus what the file manager wrote since).
 */
export const diskUsage = z.object({
  httpdocs: bytes,
  httpsdocs: bytes,
  subdomains: bytes,
  /** The rest of the home (logs, private, files at its top) and the file manager's trash. */
  other_files: bytes,
  /** MariaDB's own figures; null when the database server cannot be reached. */
  databases: bytes.nullable(),
  mailboxes: bytes,
  /** When these were measured (epoch ms). */
  measured_at: z.number().int(),
});
export type DiskUsage = z.infer<typeof diskUsage>;

export const limits = z.object({
  /** The plan's disk space in bytes (SI megabytes). */
  disk_space: bytes,
  /** Bytes used of it: the file manager's figure, the one its quota enforces. */
  disk_used: bytes,
  /** Whether the usage is at or above `warnAtShare` of the disk space. */
  warning: z.boolean(),
  max_databases: z.number().int(),
});
export type Limits = z.infer<typeof limits>;

export const otherStatistics = z.object({
  subdomains: z.number().int(),
  databases: z.number().int(),
  ftp_accounts: z.number().int(),
  mailboxes: z.number().int(),
});
export type OtherStatistics = z.infer<typeof otherStatistics>;

/** The dashboard's statistics in one answer: limits, disk usage, other figures. */
export const overview = z.object({
  limits,
  disk_usage: diskUsage,
  other: otherStatistics,
});
export type Overview = z.infer<typeof overview>;

export const getOverview = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/statistics/overview',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'Limits, disk usage (measured, cached with its time) and other statistics',
  errors: [],
  params: domainParams,
  response: overview,
});

export const topMailbox = z.object({ address: z.string(), usage: bytes });
export const getTopMailboxes = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/statistics/top-mailboxes',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'The five mailboxes using the most space (empty when the domain has none)',
  errors: [],
  params: domainParams,
  response: z.object({ mailboxes: z.array(topMailbox) }),
});
