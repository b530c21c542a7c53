import type { MailListsDb } from './mail-lists.tables.ts';

export interface ListRow {
  id: number;
  domain_id: number;
  name: string;
  admin_email: string;
  password_hash: string;
  active: number;
  created_at: number;
}

/** The panel state of mailing lists (desired state; the mail area renders their routes). */
export function createMailListsStore(db: MailListsDb) {
  const subscriberCount = (listId: number) =>
    db
      .selectFrom('mail_list_subscribers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  return {
    subscriberCount,

    lists: (domainId: number) =>
      db
        .selectFrom('mail_lists')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('name')
        .execute() as Promise<ListRow[]>,

    list: (domainId: number, name: string) =>
      db
        .selectFrom('mail_lists')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .executeTakeFirst() as Promise<ListRow | undefined>,

    /** A list by its domain's name, for mail the expander receives. */
    listAt: (domain: string, name: string) =>
      db
        .selectFrom('mail_lists as l')
        .innerJoin('domains as d', 'd.id', 'l.domain_id')
        .selectAll('l')
        .where('d.name', '=', domain)
        .where('l.name', '=', name)
        .executeTakeFirst() as Promise<ListRow | undefined>,

    listById: (id: number) =>
      db.selectFrom('mail_lists').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        ListRow | undefined
      >,

    domainName: async (domainId: number) =>
      (await db.selectFrom('domains').select('name').where('id', '=', domainId).executeTakeFirst())
        ?.name,

    /** Every active list's name by domain (the mail area's routes). */
    activeLists: () =>
      db.selectFrom('mail_lists').select(['domain_id', 'name']).where('active', '=', 1).execute(),

    insertList: async (row: Omit<ListRow, 'id'>) =>
      (await db.insertInto('mail_lists').values(row).returning('id').executeTakeFirstOrThrow()).id,

    updateList: (
      id: number,
      fields: Partial<Pick<ListRow, 'admin_email' | 'password_hash' | 'active'>>,
    ) => db.updateTable('mail_lists').set(fields).where('id', '=', id).execute(),

    deleteList: (id: number) => db.deleteFrom('mail_lists').where('id', '=', id).execute(),

    subscribers: (listId: number) =>
      db
        .selectFrom('mail_list_subscribers')
        .select(['email', 'created_at'])
        .where('list_id', '=', listId)
        .orderBy('email')
        .execute(),

    insertSubscriber: (listId: number, email: string, at: number) =>
      db
        .insertInto('mail_list_subscribers')
        .values({ list_id: listId, email, created_at: at })
        .execute(),

    /** Unsubscribes an address from every list of the domain. */
    unsubscribeEverywhere: (domainId: number, email: string) =>
      db
        .deleteFrom('mail_list_subscribers')
        .where('email', '=', email)
        .where('list_id', 'in', (eb) =>
          eb.selectFrom('mail_lists').select('id').where('domain_id', '=', domainId),
        )
        .execute(),

    /** Removes a subscriber; answers whether there was one. */
    deleteSubscriber: async (listId: number, email: string) => {
      const res = await db
        .deleteFrom('mail_list_subscribers')
        .where('list_id', '=', listId)
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
export type MailListsStore = ReturnType<typeof createMailListsStore>;
