import { isDomainName, planDiskQuotaMb, type UserType } from '@haven/contract';
import { conflict, fail, invalid, notFound } from './operator.errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { Insertable } from 'kysely';
import type { DomainsTable } from '../db/schema.ts';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords.ts';
import type { Customers } from './customers.ts';
import type { OperatorStore } from './operator.store.ts';

export interface DomainFlags {
  status?: number;
  package?: 'DOMAIN' | 'HOSTING';
  instap?: boolean;
  premium?: boolean;
  active?: boolean;
  mailActive?: boolean;
  maxDatabases?: number;
  diskQuotaMb?: number;
}

const USERNAME = /^[a-z0-9][a-z0-9._@-]{0,63}$/;
const bit = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/** What an operator does to run a real panel without touching SQL (CLI and demo seed). */
export interface OperatorDeps {
  store: OperatorStore;
  customers: Customers;
  /** The auth area's sessions (core.ts builds them): a password the operator sets ends them. */
  sessions: {
    revokeOtherSessions(identityId: number, keepId: string | null, at: number): Promise<unknown>;
    /** And every outstanding password reset link. */
    expireResetsOf(identityId: number, at: number): Promise<unknown>;
  };
  clock: Clock;
  /** Runs every area's provisioning for a new domain (home, zone...). */
  onDomainCreated: (domainId: number) => Promise<void>;
}

export function createOperatorService(deps: OperatorDeps) {
  const { store, customers, clock } = deps;

  async function domainId(name: string): Promise<number> {
    const row = await customers.domainByName(name);
    if (!row) throw notFound('unknown_domain');
    return row.id;
  }

  function flagColumns(f: DomainFlags): Partial<Insertable<DomainsTable>> {
    const cols = {
      status: f.status,
      package: f.package,
      instap: bit(f.instap),
      premium: bit(f.premium),
      active: bit(f.active),
      mail_active: bit(f.mailActive),
      max_databases: f.maxDatabases,
      disk_quota_mb: f.diskQuotaMb,
    };
    return Object.fromEntries(Object.entries(cols).filter(([, v]) => v !== undefined));
  }

  return {
    createCustomer: (name: string, email: string) =>
      store.insertCustomer({ name, email, created_at: clock.now() }),

    async addDomain(customerId: number, name: string, flags: DomainFlags = {}): Promise<number> {
      if (!isDomainName(name)) throw invalid('invalid_domain');
      if (await customers.domainByName(name)) throw conflict('domain_exists');
      if (!(await customers.customerById(customerId))) throw notFound('unknown_customer');
      const id = await store.insertDomain({
        customer_id: customerId,
        name,
        created_at: clock.now(),
        // The plan's disk space (instap 5 GB, else 20 GB) unless the operator gives one.
        disk_quota_mb: planDiskQuotaMb(flags.instap ?? false),
        ...flagColumns(flags),
      });
      await deps.onDomainCreated(id);
      return id;
    },

    async addIdentity(input: {
      domain: string;
      username: string;
      type: UserType;
      password: string;
      name: string;
      email: string;
      primary?: boolean;
      language?: 'nl' | 'en';
    }): Promise<number> {
      const id = await domainId(input.domain);
      const username = input.username.toLowerCase();
      if (!USERNAME.test(username)) throw invalid('invalid_username');
      if ((await checkPasswordPolicy(input.password, username, [input.domain])).length > 0)
        throw invalid('invalid_password');
      if (await customers.identityByLogin(id, username)) throw conflict('user_exists');
      const now = clock.now();
      return store.insertIdentity({
        domain_id: id,
        username,
        type: input.type,
        name: input.name,
        email: input.email,
        password_hash: await hashPassword(input.password),
        language: input.language ?? 'nl',
        primary_login: input.primary ? 1 : 0,
        created_at: now,
        password_changed_at: now,
      });
    },

    async setDomainFlags(name: string, flags: DomainFlags): Promise<void> {
      const cols = flagColumns(flags);
      if (Object.keys(cols).length === 0) throw invalid('nothing_to_change');
      const row = await customers.domainByName(name);
      if (!row) throw notFound('unknown_domain');
      // Moving to or from the entry plan moves the disk space with it, when it was the other
      // plan's; a quota the shop or the operator set otherwise stays.
      if (flags.instap !== undefined && flags.diskQuotaMb === undefined) {
        const from = planDiskQuotaMb(!flags.instap);
        if (row.disk_quota_mb === from) cols.disk_quota_mb = planDiskQuotaMb(flags.instap);
      }
      await store.updateDomain(row.id, cols);
      customers.domainsChanged();
    },

    async addNotification(input: {
      domain?: string;
      type: 'info' | 'success' | 'warning' | 'danger';
      nl: string;
      en?: string;
      days?: number;
    }): Promise<number> {
      const now = clock.now();
      return store.insertNotification({
        domain_id: input.domain ? await domainId(input.domain) : null,
        type: input.type,
        message_nl: input.nl,
        message_en: input.en ?? input.nl,
        created_at: now,
        expires_at: input.days ? now + input.days * 86_400_000 : null,
      });
    },

    /** Sets a password as the operator; ends the identity's sessions. */
    async resetPassword(domain: string, username: string, password: string): Promise<void> {
      const identity = await customers.identityByLogin(
        await domainId(domain),
        username.toLowerCase(),
      );
      if (!identity) throw notFound('unknown_user');
      if ((await checkPasswordPolicy(password, identity.username, [domain])).length > 0)
        throw fail('invalid_password', 'invalid');
      await customers.setPasswordHash(identity.id, await hashPassword(password), clock.now());
      await deps.sessions.revokeOtherSessions(identity.id, null, clock.now());
      await deps.sessions.expireResetsOf(identity.id, clock.now());
    },

    listDomains: () => store.listDomains(),
    customerCount: () => store.customerCount(),
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
