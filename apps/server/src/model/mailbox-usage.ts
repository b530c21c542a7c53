/**
 * What the dashboard needs of mail: the mailboxes using the most space. The mail area implements
 * it once mail exists (wired in areas/registry.ts); until then there is none and the dashboard
 * shows its empty state.
 */
export interface MailboxUsage {
  /** The `limit` largest mailboxes of a domain, largest first (bytes). */
  top(domainId: number, limit: number): Promise<{ address: string; usage: number }[]>;
  /** Bytes all mailboxes of a domain use. */
  total(domainId: number): Promise<number>;
}

/** Before mail exists: no mailboxes. */
export const noMailboxes: MailboxUsage = {
  top: async () => [],
  total: async () => 0,
};
