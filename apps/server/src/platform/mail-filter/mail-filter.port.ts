import type { RspamdLayout } from './rspamd-layout.ts';
import type { MailboxSpamSettings } from './rspamd-render.ts';

export type { MailboxSpamSettings };

/** What the mail filter does for the customers' mail: signing and per-mailbox spam settings. */
export interface MailFilterRules {
  /** Domains whose outgoing mail is signed with their DKIM key (made when missing). */
  signing: readonly string[];
  /** Per recipient address (mailboxes and their aliases): the mailbox's spam settings. */
  mailboxes: readonly MailboxSpamSettings[];
}

/** The spam filter and DKIM signer of the node (rspamd in the local profile). */
export interface MailFilter {
  /**
   * Replaces the filter's customer rules with these and makes the running filter read them.
   * A config the filter refuses throws `FilterRejectedError` (`code: 'filter_rejected'`) and the
   * old rules stay.
   */
  apply(rules: MailFilterRules): Promise<void>;
}

/**
 * The supervised rspamd as the hosting node hands it to the composition (main.ts): where its
 * config lives and how it re-reads it. Absent when the node's services or the filter are off.
 */
export interface MailFilterHost {
  layout: RspamdLayout;
  /** Whether the running filter was told (false: not running yet; it reads the files at start). */
  reload(): boolean;
}
