import type { Readable } from 'node:stream';

/**
 * The web server's log files of one domain, in Haven's terms: the files nginx writes into
 * `<home>/logs` (`<sub>.access.log`, `<sub>.error.log`) and their rotated generations (`.1`,
 * `.2.gz`…). Names are plain file names of that folder, never paths; a link or anything that is
 * not a regular file is refused (`SiteLogError` `refused`), so nothing outside is ever read.
 */

export interface LogEntry {
  name: string;
  size: number;
  /** mtime, epoch ms. */
  modified: number;
}

export interface LogPage {
  /** Oldest first, as in the file; each cut at `lineMaxBytes`. */
  lines: string[];
  /** Lines exist before this page. */
  hasOlder: boolean;
  /** False when the file has fewer lines than the page starts at. */
  inRange: boolean;
}

export interface LogMatch {
  /** The newest matching lines, oldest first. */
  lines: string[];
  matched: number;
}

/** What a line must hold to pass a filter (all given parts must match). */
export interface LineFilter {
  /** Lower-case text the line contains (case-insensitive). */
  text?: string;
  /** HTTP status of an access log line. */
  status?: number;
  /** Client address: the first field of an access line, `client: <addr>,` of an error line. */
  client?: string;
}

export type SiteLogFailure = 'not_found' | 'refused';

/** A typed failure: the log is missing (`not_found`) or may not be read (`refused`). */
export class SiteLogError extends Error {
  constructor(
    readonly reason: SiteLogFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SiteLogError';
  }
}

export interface SiteLogs {
  /** The regular files of the logs folder (links and folders left out); [] without a folder. */
  list(home: string): Promise<LogEntry[]>;
  /** Size and mtime of one log. */
  stat(home: string, name: string): Promise<LogEntry>;
  /**
   * Page `page` (1 = newest) of `pageLines` lines, read backwards from the end in fixed blocks:
   * memory depends on the page, not on the file.
   */
  page(home: string, name: string, page: number, pageLines: number): Promise<LogPage>;
  /** Streams the file once, keeping only the newest `max` matching lines. */
  filter(home: string, name: string, filter: LineFilter, max: number): Promise<LogMatch>;
  /** The whole file as a stream (opened without following links). */
  open(home: string, name: string): Promise<{ stream: Readable; size: number }>;
  /**
   * Rotates every non-empty current log (`x.log` -> `x.log.1`, the old `.1` compressed to
   * `.2.gz`, older generations shifted, at most `keep` kept). The caller makes the web server
   * reopen its logs afterwards. Answers the names rotated.
   */
  rotate(home: string, keep: number): Promise<string[]>;
  /**
   * Deletes the logs of one site (`<site>.access.log`, `<site>.error.log` and their rotated
   * generations) when the site is gone; names only (a link is removed, never followed).
   * Answers the names removed; [] without a logs folder.
   */
  removeSite(home: string, site: string): Promise<string[]>;
}
