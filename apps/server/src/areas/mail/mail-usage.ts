import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import type { MailServer } from '../../platform/mail-server/mail-server.port.ts';
import type { MailStore } from './mail.store.ts';

/** The dashboard's mailbox figures, from the real Maildir sizes. */
export function mailboxUsage(store: MailStore, server: MailServer): MailboxUsage {
  async function sizes(domainId: number) {
    const rows = await store.mailboxAddresses(domainId);
    if (rows.length === 0) return [];
    const bytes = await server.usage(rows).catch(() => new Map<string, number>());
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
