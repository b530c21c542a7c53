/**
 * Haven's list expander: Postfix hands a mailing list's mail to it over LMTP (transport map), it
 * judges the post and sends a copy to every subscriber back through Postfix's SMTP.
 */

/** Where the node runs the expander: its LMTP port and the Postfix SMTP port it sends through. */
export interface MailListHost {
  port: number;
  smtpPort: number;
}

/** One message for one list recipient, as Postfix delivered it. */
export interface ListDelivery {
  /** The envelope sender; '' for a bounce (null sender). */
  sender: string;
  /** The list address (or its bounce address) it was delivered to, lower-case. */
  recipient: string;
  message: Buffer;
}

/** The answer for one recipient: delivered (taken over), refused for good, or try again later. */
export type ListVerdict = { ok: true } | { ok: false; permanent: boolean; reason: string };

export type ListHandler = (delivery: ListDelivery) => Promise<ListVerdict>;

export interface ListExpander {
  /** Listens (127.0.0.1 only); each recipient of each message goes to `handle`. */
  start(handle: ListHandler): Promise<void>;
  stop(): Promise<void>;
}

/** Sends one message with its own envelope (the list's bounce address, a subscriber). */
export interface ListSender {
  send(envelope: { from: string; to: readonly string[] }, message: Buffer): Promise<void>;
  close(): void;
}
