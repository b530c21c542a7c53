import type { DomainRef } from './principal.ts';

/**
 * The mail lists' side of a domain's mail namespace, as the mail area asks for it: the names the
 * lists hold (so no mailbox, alias, group or forward takes one) and where their mail goes.
 */
export interface MailListSource {
  /** Local parts the domain's lists hold: each list's name and its bounce address. */
  names(domainId: number): Promise<string[]>;
  /**
   * The local parts of every active list by domain: each node routes its domains' ones to its
   * own list expander (or not at all when it runs none).
   */
  routes(): Promise<{ domainId: number; local: string }[]>;
  /**
   * Addresses of the domain that no longer exist (a deleted mailbox or group, with its aliases):
   * unsubscribed from every list of the domain.
   */
  addressesGone(domainId: number, addresses: readonly string[]): Promise<void>;
}

/** What the mail area offers the mail lists area (mail.exports.namespace, wired in the registry). */
export interface MailNamespace {
  /** Who else holds `name` in the domain: a mailbox, alias, group or forward; null when free. */
  holder(domain: DomainRef, name: string): Promise<string | null>;
  /** The domain's own addresses (mailboxes and groups), to pick subscribers from. */
  addresses(domain: DomainRef): Promise<string[]>;
  /** Whether the domain's mail is on (else nothing is delivered). */
  active(domain: DomainRef): Promise<boolean>;
  /**
   * Renders the maps of the domain's node again, the lists' routes included; throws when the
   * server refused.
   */
  refresh(domain: DomainRef): Promise<void>;
  /** The lists area hands its source over once, at wiring. */
  provideLists(source: MailListSource): void;
}
