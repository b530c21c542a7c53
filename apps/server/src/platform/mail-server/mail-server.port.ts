import type { MailboxMessage } from './maildir-messages.ts';

export type { MailboxMessage };

/**
 * Why a mail-server operation failed, in Haven's terms:
 * - `invalid`: a name or address that is not safe to put in a map, the passwd file or a path
 *   (the contract checks first; the adapter checks again before anything is written);
 * - `check_failed`: the service's own checker (postmap, `postfix check`, `doveconf -n`)
 *   refused what was rendered; the old files stay in place;
 * - `unavailable`: the service cannot be reloaded or reached;
 * - `failed`: anything else.
 */
export type MailServerFailure = 'invalid' | 'check_failed' | 'unavailable' | 'failed';

export class MailServerError extends Error {
  constructor(
    readonly reason: MailServerFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailServerError';
  }
}

/** One mailbox: a Dovecot user with a Maildir under `<mail root>/<domain>/<local>/`. */
export interface MailboxEntry {
  /** `local@domain`, lower-case. */
  address: string;
  /** An argon2id PHC string (`$argon2id$v=19$...`), written as `{ARGON2ID}` for Dovecot. */
  passwordHash: string;
  /** Storage quota in MiB; 0 = no quota. */
  quotaMb: number;
  /** Copies of every message also go to these addresses (the mailbox keeps its own copy). */
  forwardTo: readonly string[];
}

/** An address that delivers to other addresses: an alias, a group, a forward. */
export interface AliasEntry {
  address: string;
  targets: readonly string[];
}

/** One mail domain and what happens to mail for an unknown local part. */
export interface MailDomainEntry {
  domain: string;
  /** Address that receives mail for unknown local parts; null rejects it (550). */
  catchAll: string | null;
}

/** Everything the mail server serves: Haven renders it all on each change (idempotent). */
export interface MailState {
  domains: readonly MailDomainEntry[];
  mailboxes: readonly MailboxEntry[];
  aliases: readonly AliasEntry[];
  /** Mailing list addresses: Postfix hands their mail to the list expander at `transport`. */
  listRoutes?: readonly ListRoute[];
}

/** A list's address and the Postfix transport (`lmtp:inet:127.0.0.1:PORT`) that takes its mail. */
export interface ListRoute {
  address: string;
  transport: string;
}

/** One file of the mail state that `apply` found different from its rendering and rewrote. */
export interface MailChange {
  file: 'domains' | 'mailboxes' | 'aliases' | 'transport' | 'passwd';
  /** The domains with a line added, changed or removed (all of the file's when it was absent). */
  domains: readonly string[];
}

/**
 * The mail server of a hosting node (Postfix for SMTP, Dovecot for IMAP and LMTP delivery).
 * Addresses must have passed the contract's rules; implementations check them again.
 */
export interface MailServer {
  /**
   * Replaces what the server serves with `state`: every map and the passwd file is rendered and
   * compared with the live one; each that differs is checked by the service's own tool and
   * renamed over the old one, and Postfix is reloaded when one of its tables changed. On a
   * failure nothing of the old state is replaced. Answers what differed (nothing: `[]`).
   * Given a function, it reads the state once it has its turn: one apply at a time across
   * processes (the panel and the `haven` CLI), each with the state as it is then, never an older
   * one after a newer.
   */
  apply(state: MailState | (() => Promise<MailState>)): Promise<readonly MailChange[]>;
  /** Bytes in each mailbox's Maildir (0 for one that has no Maildir yet). */
  usage(addresses: readonly string[]): Promise<Map<string, number>>;
  /** Removes a mailbox's home (Maildir and sieve script); absent is fine. */
  removeMailbox(address: string): Promise<void>;
  /** The newest `limit` messages of the mailbox's inbox and spam folder, newest first. */
  recentMessages(address: string, limit: number): Promise<MailboxMessage[]>;
  /** One message (by its Maildir unique name) of the inbox or spam folder, or null. */
  messageSource(address: string, id: string, maxBytes: number): Promise<Uint8Array | null>;
}
