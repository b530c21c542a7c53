import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { domainParams } from './account.ts';

/**
 * The domain's web server logs (specs part 1 §2 "Logs", §9): the access and error log of each
 * subdomain as nginx writes them into `<home>/logs`, and their rotated (`.1`) and compressed
 * (`.2.gz`…) generations. Lines are plain text: the web never renders them as HTML.
 */

/** Error codes; the web shows them as `logs:error.<code>`. */
export const LOG_ERRORS = [
  /** No such log (or a name that is not one of the logs folder's files). */
  'log_not_found',
  /** The name is a link, or leads out of the logs folder: refused, nothing read. */
  'log_refused',
  /** The viewer is disabled for this log (compressed, or over 8 MB); download still works. */
  'log_not_viewable',
  /** Page number past the oldest page. */
  'page_out_of_range',
  'ticket_invalid',
] as const;
export type LogError = (typeof LOG_ERRORS)[number];

export const LOG_LIMITS = {
  /** Lines per page (specs §9). */
  pageLines: 1000,
  /** The viewer is disabled over this size (specs §9: 8 MB, SI units). */
  viewerMaxBytes: 8_000_000,
  /** A page number is at most this (a 1000-line page each: a billion lines). */
  maxPage: 1_000_000,
  /** Longest line shown; the rest of a longer line is cut (memory stays bounded). */
  lineMaxBytes: 8192,
  /** A filter answers at most this many (the newest) matching lines. */
  filterMaxLines: 1000,
  filterTextMax: 200,
  /** Seconds a download ticket lives. */
  ticketSeconds: 60,
} as const;

/**
 * A log's name as it appears in the logs folder: `<sub>.access.log`, `<sub>.error.log`, with
 * `.N` or `.N.gz` of a rotated generation. No `/`, no leading dot: never a path.
 */
export const LOG_NAME_PATTERN =
  /^[a-z0-9][a-z0-9.-]{0,120}\.(access|error)\.log(\.[0-9]{1,3}(\.gz)?)?$/;

export const logName = z.string().min(1).max(160);
export const logParams = domainParams.extend({ name: logName });

export const logFile = z.object({
  name: z.string(),
  /** Bytes. */
  filesize: z.number().int(),
  /** 'gz' for a compressed generation, else 'none'. */
  compression: z.enum(['none', 'gz']),
  kind: z.enum(['access', 'error']),
  /** Last change (ISO 8601). */
  modified: z.string(),
  /** The viewer shows it (not compressed, at most 8 MB). */
  viewable: z.boolean(),
});
export type LogFile = z.infer<typeof logFile>;

const base = '/api/{domain}/webhosting/log';
const tag = 'logs';

export const listLogs = defineEndpoint({
  method: 'GET',
  path: base,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: "The domain's access and error logs, rotated and compressed ones included",
  params: domainParams,
  response: z.object({ logs: z.array(logFile) }),
  errors: [],
});

export const logPageQuery = z.object({
  /** 1 is the newest page (the last 1000 lines). */
  page: z.coerce.number().int().min(1).max(LOG_LIMITS.maxPage).default(1),
});

export const getLog = defineEndpoint({
  method: 'GET',
  path: `${base}/{name}`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'One page of a log (1000 lines, newest page first; lines oldest to newest)',
  params: logParams,
  query: logPageQuery,
  response: z.object({
    log: logFile,
    page: z.number().int(),
    /** Lines of this page, oldest first (as in the file). */
    lines: z.array(z.string()),
    /** There are lines before this page (page + 1 exists). */
    has_older: z.boolean(),
  }),
  errors: ['log_not_found', 'log_refused', 'log_not_viewable', 'page_out_of_range'],
});

export const logFilterQuery = z
  .object({
    /** Lines containing this text (case-insensitive). */
    text: z.string().max(LOG_LIMITS.filterTextMax).optional(),
    /** Access log lines with this HTTP status. */
    status: z.coerce.number().int().min(100).max(599).optional(),
    /** Lines from this client address (IPv4 or IPv6, as nginx writes it). */
    client: z
      .string()
      .max(45)
      .regex(/^[0-9a-fA-F:.]+$/, VALIDATION.regex)
      .optional(),
  })
  .refine((q) => q.text || q.status !== undefined || q.client, {
    message: VALIDATION.required,
    path: ['text'],
  });
export type LogFilter = z.infer<typeof logFilterQuery>;

export const filterLog = defineEndpoint({
  method: 'GET',
  expensive: true,
  path: `${base}/{name}/filter`,
  ...WEBHOSTING_ACCESS,
  tag,
  summary: 'The newest 1000 lines of a log that match a filter (the file is read as a stream)',
  params: logParams,
  query: logFilterQuery,
  response: z.object({
    lines: z.array(z.string()),
    /** How many lines matched in all (more than `lines` holds when over 1000). */
    matched: z.number().int(),
  }),
  errors: ['log_not_found', 'log_refused', 'log_not_viewable'],
});

/** A browser cannot send the bearer header on a plain link: a single-use ticket (60 s). */
export const createLogTicket = defineEndpoint({
  method: 'POST',
  path: `${base}/{name}/download-ticket`,
  ...WEBHOSTING_ACCESS,
  activePlan: false,
  tag,
  summary: 'A single-use ticket (60 seconds) for downloading a log',
  params: logParams,
  response: z.object({ ticket: z.string(), expires_in: z.number().int() }),
  errors: ['log_not_found', 'log_refused'],
});

export const downloadLog = defineEndpoint({
  method: 'GET',
  expensive: true,
  path: `${base}/{name}/download`,
  access: 'public',
  tag,
  summary: 'The whole log file as it is on disk (streamed); authorised by a download ticket',
  params: logParams,
  query: z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, VALIDATION.regex) }),
  response: z.unknown(),
  responseKind: 'file',
  errors: ['log_not_found', 'log_refused', 'ticket_invalid'],
});
