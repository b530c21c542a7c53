import type { ExpressionBuilder } from 'kysely';
import type { MailDb, MailAccountsTable, MailTables } from './mail.tables.ts';
import type { CoreTables } from '../../db/schema.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';

export type AccountType = MailAccountsTable['type'];

export interface AccountRow {
  id: number;
  domain_id: number;
  name: string;
  type: AccountType;
  password_hash: string | null;
  quota_mb: number;
  targets: string;
  autoresponder: string | null;
  spamfilter: string | null;
  created_at: number;
}

export interface NewAccount {
  domain_id: number;
  name: string;
  type: AccountType;
  password_hash: string | null;
  quota_mb: number;
  targets: string;
  autoresponder: string | null;
  spamfilter: string | null;
  created_at: number;
}

/** The panel state of mail (desired state; see mail.tables.ts). */
export function createMailStore(db: MailDb) {
  // A domain without a node is on the local one (migration 0970).
  const onNode = (eb: ExpressionBuilder<CoreTables & MailTables, 'domains'>, node: NodeName) =>
    node === LOCAL_NODE
      ? eb.or([eb('domains.node', 'is', null), eb('domains.node', '=', node)])
      : eb('domains.node', '=', node);
  const domainsOn = (node: NodeName) =>
    db
      .selectFrom('domains')
      .select('domains.id')
      .where((eb) => onNode(eb, node));
  return {
    accounts: (domainId: number, type?: AccountType) => {
      let q = db.selectFrom('mail_accounts').selectAll().where('domain_id', '=', domainId);
      if (type) q = q.where('type', '=', type);
      return q.orderBy('name').execute() as Promise<AccountRow[]>;
    },

    account: (domainId: number, name: string) =>
      db
        .selectFrom('mail_accounts')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .executeTakeFirst() as Promise<AccountRow | undefined>,

    /** An account with its aliases in one transaction: both or neither. */
    insertAccount: (row: NewAccount, aliases: readonly string[]) =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('mail_accounts')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (aliases.length)
          await trx
            .insertInto('mail_aliases')
            .values(aliases.map((name) => ({ account_id: id, domain_id: row.domain_id, name })))
            .execute();
        return id;
      }),

    /** A mailbox's new password hash (its login's password changed elsewhere). */
    setPasswordHash: (id: number, hash: string) =>
      db.updateTable('mail_accounts').set({ password_hash: hash }).where('id', '=', id).execute(),

    /** Replaces an account's fields and its aliases together. */
    updateAccount: (
      id: number,
      domainId: number,
      fields: Partial<Omit<NewAccount, 'domain_id' | 'name' | 'type' | 'created_at'>>,
      aliases: readonly string[],
    ) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('mail_accounts').set(fields).where('id', '=', id).execute();
        await trx.deleteFrom('mail_aliases').where('account_id', '=', id).execute();
        if (aliases.length)
          await trx
            .insertInto('mail_aliases')
            .values(aliases.map((name) => ({ account_id: id, domain_id: domainId, name })))
            .execute();
      }),

    /** `name@domain` of each mailbox of a domain. */
    mailboxAddresses: async (domainId: number) =>
      (
        await db
          .selectFrom('mail_accounts as m')
          .innerJoin('domains as d', 'd.id', 'm.domain_id')
          .select(['m.name', 'd.name as domain'])
          .where('m.domain_id', '=', domainId)
          .where('m.type', '=', 'address')
          .execute()
      ).map((r) => `${r.name}@${r.domain}`),

    deleteAccount: (id: number) => db.deleteFrom('mail_accounts').where('id', '=', id).execute(),

    /** Every alias of the domain with the name and type of its account. */
    aliases: (domainId: number) =>
      db
        .selectFrom('mail_aliases as a')
        .innerJoin('mail_accounts as m', 'm.id', 'a.account_id')
        .select(['a.name', 'a.account_id', 'm.name as account', 'm.type'])
        .where('a.domain_id', '=', domainId)
        .orderBy('a.name')
        .execute(),

    forwards: (domainId: number) =>
      db
        .selectFrom('mail_forwards')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('name')
        .execute(),

    insertForward: (domainId: number, name: string, target: string, at: number) =>
      db
        .insertInto('mail_forwards')
        .values({ domain_id: domainId, name, target, created_at: at })
        .execute(),

    updateForward: (domainId: number, name: string, target: string) =>
      db
        .updateTable('mail_forwards')
        .set({ target })
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .execute(),

    deleteForward: (domainId: number, name: string) =>
      db
        .deleteFrom('mail_forwards')
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .execute(),

    domainSettings: (domainId: number) =>
      db
        .selectFrom('mail_domains')
        .selectAll()
        .where('domain_id', '=', domainId)
        .executeTakeFirst(),

    saveDomainSettings: async (domainId: number, active: boolean, catchAll: string | null) => {
      const values = { active: active ? 1 : 0, catch_all: catchAll };
      await db
        .insertInto('mail_domains')
        .values({ domain_id: domainId, ...values })
        .onConflict((oc) => oc.column('domain_id').doUpdateSet(values))
        .execute();
    },

    /** The node that serves the domain (null in the table: the local node). */
    domainNode: async (domainId: number): Promise<NodeName> =>
      (await db.selectFrom('domains').select('node').where('id', '=', domainId).executeTakeFirst())
        ?.node ?? LOCAL_NODE,
    /** Every node that serves a domain, the local one always. */
    nodes: async (): Promise<NodeName[]> => {
      const rows = await db.selectFrom('domains').select('node').distinct().execute();
      return [...new Set([LOCAL_NODE, ...rows.map((r) => r.node ?? LOCAL_NODE)])];
    },
    /**
     * The mail of the domains on one node (all of them, or the one named), for rendering their
     * parts; a domain on another node is not found.
     */
    allDomains: (node: NodeName, name?: string) => {
      let q = db
        .selectFrom('domains')
        .leftJoin('mail_domains as md', 'md.domain_id', 'domains.id')
        .select(['domains.id', 'domains.name', 'domains.mail_active', 'md.active', 'md.catch_all'])
        .where((eb) => onNode(eb, node));
      if (name !== undefined) q = q.where('domains.name', '=', name);
      return q.execute();
    },
    /** Of the node's domains, or of one domain (`domainId`: then the caller checked its node). */
    allAccounts: (node: NodeName, domainId?: number) =>
      db
        .selectFrom('mail_accounts')
        .selectAll()
        .where('domain_id', 'in', domainId === undefined ? domainsOn(node) : [domainId])
        .execute() as Promise<AccountRow[]>,
    allAliases: (node: NodeName, domainId?: number) =>
      db
        .selectFrom('mail_aliases')
        .select(['account_id', 'domain_id', 'name'])
        .where('domain_id', 'in', domainId === undefined ? domainsOn(node) : [domainId])
        .execute(),
    allForwards: (node: NodeName, domainId?: number) =>
      db
        .selectFrom('mail_forwards')
        .selectAll()
        .where('domain_id', 'in', domainId === undefined ? domainsOn(node) : [domainId])
        .execute(),
    /** The name and node of a domain (a mailbox's login knows only its domain's id). */
    domainRef: (domainId: number) =>
      db
        .selectFrom('domains')
        .select(['name', 'node'])
        .where('id', '=', domainId)
        .executeTakeFirst()
        .then((r) => r && { name: r.name, node: r.node ?? LOCAL_NODE }),
  };
}
export type MailStore = ReturnType<typeof createMailStore>;

export { isUniqueViolation } from '../../db/unique-violation.ts';
