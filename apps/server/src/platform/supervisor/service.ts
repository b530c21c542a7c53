/** Where the supervisor says what it does and what failed (the node's logger). */
export type SupervisorLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/**
 * One supervised service, as the supervisor sees it. A new service (Postfix, Dovecot, the cron
 * runner, rspamd) is one module that returns this; the supervisor does the rest.
 */
export interface SupervisedService {
  /** Also the folder under `<data dir>/services/`: nginx, php-fpm-8.2, pure-ftpd, pdns. */
  name: string;
  /** What it serves on, for the banner and `haven services` (`127.0.0.1:8081`). */
  address: string;
  /** Null when it can run here, else the Debian package(s) that bring what is missing. */
  missing(): Promise<string | null>;
  /** Renders the files it needs that nobody else writes, and checks them; throws with the reason. */
  prepare(): Promise<void>;
  /** The foreground command (argv, never a shell string). */
  command(): { cmd: string; args: string[] };
  /** After the supervisor stopped it: end what it started beside itself (PHP's domain masters). */
  stopped?(): Promise<void>;
  /**
   * What it starts beside itself that should run while it does (PHP's domain masters): the
   * supervisor checks them every few seconds and restarts one that died, with its backoff.
   */
  companions?(): Promise<Companion[]>;
  /** The signal that makes it re-read its config. */
  reloadSignal: NodeJS.Signals;
  /** Whether it answers (a port that accepts, an API that says ok). */
  healthy(): Promise<boolean>;
  /**
   * A slow starter (rspamd loading its rules): the supervisor's start does not wait for it (what
   * needs it copes meanwhile), and it gets this long to answer before it counts as failed.
   */
  slowStart?: { healthTimeoutMs: number };
}

/** A process a service started beside itself, as it is now. */
export interface Companion {
  /** For the log and `haven services` (`haven-d12`). */
  name: string;
  alive: boolean;
  /** What it wrote last (why it ended), or ''. */
  lastWords(): Promise<string>;
  /** Starts it unless it runs or should no longer run (its domain removed); throws with the reason. */
  start(): Promise<void>;
}

/** What the supervisor knows of a service, kept in `<data dir>/services/state.json`. */
export interface ServiceStatus {
  name: string;
  address: string;
  state: 'starting' | 'running' | 'failing' | 'stopped' | 'not-installed';
  pid: number | null;
  /** The Debian package to install when `not-installed`. */
  package: string | null;
  lastError: string | null;
  restarts: number;
}
