import type { RspamdLayout } from './rspamd-layout.ts';
import type { MailboxSpamSettings } from './rspamd-render.ts';
import type { LearnOutcome } from './rspamd-client.ts';

export type { MailboxSpamSettings, LearnOutcome };

/** A message in a mailbox of the node: its Maildir unique name (inbox or spam folder). */
export interface StoredMessage {
  address: string;
  id: string;
  maxBytes: number;
}

export type StoredLearnOutcome = LearnOutcome | 'not_found' | 'too_large';

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
  /**
   * Teaches the filter's classifier one message of a mailbox on this node as spam or ham
   * (rspamd's learn), read from the Maildir here: messages up to 10 MB never cross the bus. A
   * message it learned before as the other kind is moved over; as the same kind answers `known`.
   * One that is not there answers `not_found`, one above `maxBytes` `too_large`. A filter that
   * does not answer throws; a node without a filter throws `filter_unavailable`.
   */
  learn(kind: 'spam' | 'ham', message: StoredMessage): Promise<StoredLearnOutcome>;
  /** Whether this node's filter can learn (false: the node runs none). */
  learns(): Promise<boolean>;
}

/**
 * The supervised rspamd as the hosting node hands it to the composition (main.ts): where its
 * config lives and how it re-reads it. Absent when the node's services or the filter are off.
 */
export interface MailFilterHost {
  layout: RspamdLayout;
  /** The controller (learning, counters): `http://127.0.0.1:<port>`, loopback only. */
  controllerUrl: string;
  /** Whether the running filter was told (false: not running yet; it reads the files at start). */
  reload(): boolean;
}
