import type { Insertable } from 'kysely';
import type {
  HelpdeskDb,
  HelpdeskAttachmentsTable,
  HelpdeskTicketsTable,
} from './helpdesk.tables.ts';

const SUMMARY = [
  't.id',
  't.customer_id',
  't.status',
  't.about_kind',
  't.about_name',
  't.category',
  't.subject',
  't.created_at',
  't.updated_at',
  'd.name as domain',
  'c.name as customer',
  'c.email as customer_email',
] as const;

export interface TicketFilter {
  /** Absent: every customer's (the operator). */
  customerId?: number;
  status?: string;
  search?: string;
  offset: number;
  limit: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tickets' SQL; every customer-facing read names the customer, so another's is not found. */
export function createTicketsStore(db: HelpdeskDb) {
  const tickets = () =>
    db
      .selectFrom('helpdesk_tickets as t')
      .innerJoin('domains as d', 'd.id', 't.domain_id')
      .innerJoin('customers as c', 'c.id', 't.customer_id');
  const filtered = (f: Omit<TicketFilter, 'offset' | 'limit'>) => {
    let q = tickets();
    if (f.customerId !== undefined) q = q.where('t.customer_id', '=', f.customerId);
    if (f.status === 'active') q = q.where('t.status', '!=', 'closed');
    else if (f.status) q = q.where('t.status', '=', f.status);
    if (f.search) {
      const like = `%${escapeLike(f.search.toLowerCase())}%`;
      q = q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['t.subject']), 'like', eb.val(like)),
          eb('d.name', 'like', like),
        ]),
      );
    }
    return q;
  };
  return {
    list: (f: TicketFilter) =>
      filtered(f)
        .select(SUMMARY)
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .offset(f.offset)
        .limit(f.limit)
        .execute(),
    count: async (f: Omit<TicketFilter, 'offset' | 'limit'>) =>
      Number(
        (
          await filtered(f)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ticket: (id: number, customerId?: number) => {
      let q = tickets().select(SUMMARY).where('t.id', '=', id);
      if (customerId !== undefined) q = q.where('t.customer_id', '=', customerId);
      return q.executeTakeFirst();
    },
    messages: (ticketId: number) =>
      db
        .selectFrom('helpdesk_messages')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .orderBy('id')
        .execute(),
    attachmentsOf: (ticketId: number) =>
      db
        .selectFrom('helpdesk_attachments as a')
        .innerJoin('helpdesk_messages as m', 'm.id', 'a.message_id')
        .select(['a.id', 'a.message_id', 'a.filename', 'a.content_type', 'a.size'])
        .where('m.ticket_id', '=', ticketId)
        .orderBy('a.id')
        .execute(),
    /** A sent attachment of the customer's (or, without customer, anyone's) tickets. */
    attachment: (id: number, customerId?: number) => {
      let q = db
        .selectFrom('helpdesk_attachments')
        .selectAll()
        .where('id', '=', id)
        .where('message_id', 'is not', null);
      if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
      return q.executeTakeFirst();
    },
    /** The customer's uploaded attachments not yet sent, among `ids`. */
    pendingAttachments: (customerId: number, ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('helpdesk_attachments')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('message_id', 'is', null)
            .where('id', 'in', ids)
            .execute(),
    addAttachment: async (row: Insertable<HelpdeskAttachmentsTable>) =>
      (
        await db
          .insertInto('helpdesk_attachments')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    /** Uploads never sent, older than `before`: their keys, and the rows removed. */
    staleAttachments: (before: number) =>
      db
        .selectFrom('helpdesk_attachments')
        .select(['id', 'storage_key'])
        .where('message_id', 'is', null)
        .where('created_at', '<', before)
        .execute(),
    deleteAttachment: (id: number) =>
      db.deleteFrom('helpdesk_attachments').where('id', '=', id).execute(),
    /** The ticket, its first message and its attachments, at once. */
    createTicket: (
      row: Insertable<HelpdeskTicketsTable>,
      body: string,
      attachmentIds: readonly number[],
    ) =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('helpdesk_tickets')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        const m = await trx
          .insertInto('helpdesk_messages')
          .values({ ticket_id: id, author: 'customer', body, created_at: row.created_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (attachmentIds.length > 0)
          await trx
            .updateTable('helpdesk_attachments')
            .set({ message_id: m.id })
            .where('id', 'in', attachmentIds)
            .where('customer_id', '=', row.customer_id)
            .where('message_id', 'is', null)
            .execute();
        return id;
      }),
    /** A message and the ticket's new status; false when the ticket was closed meanwhile. */
    addMessage: (
      ticketId: number,
      author: 'customer' | 'provider',
      body: string,
      status: string,
      at: number,
      attachment: { customerId: number; ids: readonly number[] },
    ) =>
      db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('helpdesk_tickets')
          .set({ status, updated_at: at })
          .where('id', '=', ticketId)
          .where('status', '!=', 'closed')
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return false;
        const m = await trx
          .insertInto('helpdesk_messages')
          .values({ ticket_id: ticketId, author, body, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (attachment.ids.length > 0)
          await trx
            .updateTable('helpdesk_attachments')
            .set({ message_id: m.id })
            .where('id', 'in', attachment.ids)
            .where('customer_id', '=', attachment.customerId)
            .where('message_id', 'is', null)
            .execute();
        return true;
      }),
    setStatus: (id: number, status: string, at: number) =>
      db
        .updateTable('helpdesk_tickets')
        .set({ status, updated_at: at })
        .where('id', '=', id)
        .execute(),
    /** The login that opened the ticket, for the answer mail (else the customer). */
    recipient: (ticketId: number) =>
      db
        .selectFrom('helpdesk_tickets as t')
        .innerJoin('customers as c', 'c.id', 't.customer_id')
        .leftJoin('identities as i', 'i.id', 't.identity_id')
        .select([
          'c.email as customer_email',
          'c.name as customer_name',
          'i.email as email',
          'i.name as name',
          'i.language as language',
        ])
        .where('t.id', '=', ticketId)
        .executeTakeFirst(),
  };
}
export type TicketsStore = ReturnType<typeof createTicketsStore>;
