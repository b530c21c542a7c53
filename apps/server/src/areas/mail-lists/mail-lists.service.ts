import type { mailLists } from '@haven/contract';
import { LIST_BOUNCE_SUFFIX, MAIL_LIST_LIMITS } from '@haven/contract/mail-lists';
import type { Clock } from '../../lib/clock.ts';
import { checkPasswordPolicy, hashPassword } from '../../lib/passwords.ts';
import type { Logger } from '../../model/logger.ts';
import type { MailNamespace } from '../../model/mail-namespace.ts';
import type { DomainRef } from '../../model/principal.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, fail, invalid, notFound } from './mail-lists.errors.ts';
import type { ListRow, MailListsStore } from './mail-lists.store.ts';

export interface MailListsDeps {
  store: MailListsStore;
  namespace: MailNamespace;
  clock: Clock;
  logger: Logger;
}

/** Lists and their subscribers: SQL first, then the node's maps; a refused render undoes the SQL. */
export function createMailListsService(deps: MailListsDeps) {
  const { store, namespace, clock, logger } = deps;

  async function own(domain: DomainRef, name: string): Promise<ListRow> {
    const row = await store.list(domain.id, name);
    if (!row) throw notFound();
    return row;
  }

  const view = async (domain: DomainRef, row: ListRow): Promise<mailLists.MailList> => ({
    name: row.name,
    address: `${row.name}@${domain.name}`,
    admin_email: row.admin_email,
    active: row.active === 1,
    subscribers: await store.subscriberCount(row.id),
  });

  async function passwordHash(domain: DomainRef, name: string, password: string) {
    const problems = await checkPasswordPolicy(password, name, [domain.name]);
    if (problems.length > 0) throw invalid('invalid_password', { password: problems.join(',') });
    return hashPassword(password);
  }

  const subscriberList = async (listId: number): Promise<mailLists.SubscriberList> => ({
    subscribers: (await store.subscribers(listId)).map((s) => ({
      email: s.email,
      since: Number(s.created_at),
    })),
  });

  return {
    async list(domain: DomainRef): Promise<mailLists.MailListOverview> {
      const rows = await store.lists(domain.id);
      return {
        lists: await Promise.all(rows.map((r) => view(domain, r))),
        mail_active: await namespace.active(domain),
      };
    },

    get: async (domain: DomainRef, name: string) => view(domain, await own(domain, name)),

    async create(domain: DomainRef, body: mailLists.CreateListInput) {
      if ((await store.lists(domain.id)).length >= MAIL_LIST_LIMITS.listsPerDomain)
        throw conflict('list_limit');
      // The list holds its name and its bounce address in the domain's mail names.
      for (const local of [body.name, `${body.name}${LIST_BOUNCE_SUFFIX}`])
        if (await namespace.holder(domain, local)) throw conflict('name_exists');
      const password_hash = await passwordHash(domain, body.name, body.password);
      let id: number;
      try {
        id = await store.insertList({
          domain_id: domain.id,
          name: body.name,
          admin_email: body.admin_email,
          password_hash,
          active: body.active ? 1 : 0,
          created_at: clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('name_exists');
        throw error;
      }
      try {
        await namespace.refresh(domain);
      } catch (error) {
        logger.error({ err: error, list: body.name }, 'mail lists: the mail server refused');
        await store.deleteList(id);
        throw fail('cannot_create', 'unavailable');
      }
      return get(domain, body.name);
    },

    async update(domain: DomainRef, name: string, body: mailLists.UpdateListInput) {
      const row = await own(domain, name);
      const fields = {
        admin_email: body.admin_email,
        active: body.active ? 1 : 0,
        ...(body.password
          ? { password_hash: await passwordHash(domain, name, body.password) }
          : {}),
      };
      await store.updateList(row.id, fields);
      if (fields.active !== row.active)
        try {
          await namespace.refresh(domain);
        } catch (error) {
          logger.error({ err: error, list: name }, 'mail lists: the mail server refused');
          await store.updateList(row.id, { active: row.active });
          throw fail('cannot_create', 'unavailable');
        }
      return get(domain, name);
    },

    async remove(domain: DomainRef, name: string) {
      const row = await own(domain, name);
      await store.deleteList(row.id);
      // A route left behind by a refused render reaches no list: the expander answers 550.
      await namespace.refresh(domain).catch((error: unknown) => {
        logger.error({ err: error, list: name }, 'mail lists: routes not updated after delete');
      });
      return { deleted: true as const };
    },

    subscribers: async (domain: DomainRef, name: string) =>
      subscriberList((await own(domain, name)).id),

    async available(domain: DomainRef, name: string) {
      const row = await own(domain, name);
      const taken = new Set((await store.subscribers(row.id)).map((s) => s.email));
      const addresses = await namespace.addresses(domain);
      return { addresses: addresses.filter((a) => !taken.has(a)) };
    },

    async subscribe(domain: DomainRef, name: string, email: string) {
      const row = await own(domain, name);
      if ((await store.subscriberCount(row.id)) >= MAIL_LIST_LIMITS.subscribersPerList)
        throw conflict('subscriber_limit');
      try {
        await store.insertSubscriber(row.id, email, clock.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('already_subscribed');
        throw error;
      }
      return subscriberList(row.id);
    },

    async unsubscribe(domain: DomainRef, name: string, email: string) {
      const row = await own(domain, name);
      if (!(await store.deleteSubscriber(row.id, email))) throw notFound('not_subscribed');
      return subscriberList(row.id);
    },
  };

  async function get(domain: DomainRef, name: string) {
    return view(domain, await own(domain, name));
  }
}
export type MailListsService = ReturnType<typeof createMailListsService>;
