import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import type { MailNamespace } from '../../model/mail-namespace.ts';
import type { ZoneDefaults } from '../../model/mail-zone.ts';
import type { Logger } from '../../model/logger.ts';
import type { Customers } from '../../customers/customers.ts';
import type { PasswordChanged } from '../../customers/password-changes.ts';
import { applyDomain, type MailDeps } from './mail-apply.ts';
import { mailZoneDefaults } from './mail-dns.ts';
import { mailNamespace } from './mail-namespace.ts';
import { mailboxUsage } from './mail-usage.ts';

/** What the mail area offers outside its folder, on purpose; areas/registry.ts passes it on. */
export interface MailExports {
  /** The mailboxes' bytes (the disk quota, the dashboard's top five). */
  mailboxUsage: MailboxUsage;
  /** A mailbox's login changed its password (account page, reset, operator). */
  loginPasswordChanged: PasswordChanged;
  /** The DNS area keeps DKIM and DMARC through a reset to its defaults while mail is on. */
  zoneDefaults: ZoneDefaults;
  /** The mailing lists share the domain's names and the node's maps (docs/mail-lists.md). */
  namespace: MailNamespace;
}

/** The key webmail's one-time logins are sealed with; the hosting node's Roundcube redeems them. */
export { webmailRedeemKey } from './webmail-key.ts';

export function mailExports(
  deps: MailDeps,
  customers: Pick<Customers, 'identityById'>,
  logger: Logger,
): MailExports {
  const { store, server } = deps;
  return {
    mailboxUsage: mailboxUsage(store, server),
    zoneDefaults: mailZoneDefaults(deps),
    namespace: mailNamespace(deps),
    // The mailbox takes the login's new hash, so IMAP and SMTP accept the new password.
    async loginPasswordChanged(identityId, hash) {
      const identity = await customers.identityById(identityId);
      if (identity?.type !== 'EMAIL') return;
      const row = await store.account(identity.domain_id, identity.username);
      if (row?.type !== 'address' || row.password_hash === hash) return;
      await store.setPasswordHash(row.id, hash);
      const domain = await store.domainRef(identity.domain_id);
      if (!domain) return;
      await applyDomain(deps, domain).catch((err: unknown) =>
        logger.error({ err, mailbox: row.name }, 'mail state after a login password change'),
      );
    },
  };
}
