/** Where reading a log file stopped: the file by inode, and the next byte to read. */
export interface LogCursor {
  inode: number;
  offset: number;
}

/** Bytes of one day in both directions. */
export interface DayBytes {
  in: number;
  out: number;
}

/** What one read found: bytes per day (`YYYY-MM-DD`) and where to go on next time. */
export interface LogRead {
  days: Map<string, DayBytes>;
  cursor: LogCursor | null;
}

/** FTP bytes per domain home and day. */
export interface FtpRead {
  /** home path -> day -> bytes (in: uploads, out: downloads). */
  homes: Map<string, Map<string, DayBytes>>;
  cursor: LogCursor | null;
}

/** Mail bytes per domain name and day (SMTP: in received, out sent; IMAP/POP3: per session). */
export interface MailRead {
  /** domain name -> day -> bytes. */
  domains: Map<string, Map<string, DayBytes>>;
  cursor: LogCursor | null;
}

/**
 * The web, FTP and mail servers' transfer logs, read incrementally. Each call reads only what was
 * appended since `cursor` (complete lines), and follows a rotation: when the live file has a new
 * inode, the rest of the old one is read from its rotated name (`<file>.1`) first.
 */
export interface TrafficLogs {
  /** The access logs (`<sub>.access.log`) below a domain's `logs/` folder, by file name. */
  accessLogs(home: string): Promise<string[]>;
  /** New lines of one access log (nginx `log_format haven`). */
  readAccess(file: string, cursor: LogCursor | null): Promise<LogRead>;
  /** New lines of pure-ftpd's transfer log (`--altlog clf:`), sorted to the homes given. */
  readFtp(file: string, homes: readonly string[], cursor: LogCursor | null): Promise<FtpRead>;
  /**
   * New lines of Postfix's log (its `maillog_file` or syslog's mail.log), sorted to the domains
   * given. A message's size waits in the adapter until its deliveries are read.
   */
  readPostfix(
    file: string,
    domains: readonly string[],
    cursor: LogCursor | null,
  ): Promise<MailRead>;
  /** New lines of Dovecot's log: the bytes of each IMAP or POP3 session, by its user's domain. */
  readDovecot(
    file: string,
    domains: readonly string[],
    cursor: LogCursor | null,
  ): Promise<MailRead>;
}
