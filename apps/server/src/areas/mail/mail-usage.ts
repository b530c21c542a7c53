import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import type { MailPorts } from './mail-ports.ts';
import type { MailStore } from './mail.store.ts';

/** The dashboard's mailbox figures, from the real Maildir sizes on the domain's node. */
export function mailboxUsage(store: MailStore, server: MailPorts['server']): MailboxUsage {
  async function sizes(domainId: number) {
    const rows = await store.mailboxAddresses(domainId);
    if (rows.length === 0) return [];
    const node = await store.domainNode(domainId);
    // A node that does not answer shows its mailboxes empty rather than failing the dashboard.
    const bytes = await server(node)
      .usage(rows)
      .catch(() => new Map<string, number>());
    return rows.map((address) => ({ address, usage: bytes.get(address) ?? 0 }));
  }
  return {
    async top(domainId, limit) {
      return (await sizes(domainId)).sort((a, b) => b.usage - a.usage).slice(0, limit);
    },
    async total(domainId) {
      return (await sizes(domainId)).reduce((sum, m) => sum + m.usage, 0);
    },
  };
}
