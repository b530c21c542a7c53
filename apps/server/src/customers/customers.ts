import type { CustomersStore } from './customers.store.ts';
import type { EmailLogins } from './email-logins.ts';
import type { RecentDomains } from './recent-domains.ts';

/** The store as core hands it to the areas, with the guard's recent domain rows (recent-domains.ts). */
export type Customers = CustomersStore & {
  recentDomainByName: RecentDomains['byName'];
  /** Call once a write to `domains` committed: the guard reads every domain again. */
  domainsChanged: RecentDomains['changed'];
  /** The mail area's mailbox logins (EMAIL identities). */
  emailLogins: EmailLogins;
};
