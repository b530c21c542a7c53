import { helpdesk } from '@haven/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { Mailer } from '../../platform/mailer/mailer.port.ts';
import type { TicketSubjects } from '../../model/ticket-subjects.ts';
import { fail, invalid, notFound } from './helpdesk.errors.ts';
import { answerMail } from './ticket-mail.ts';
import type { TicketsStore } from './tickets.store.ts';

type Status = helpdesk.TicketStatus;
type Row = NonNullable<Awaited<ReturnType<TicketsStore['ticket']>>>;
const iso = (ms: number | bigint) => new Date(Number(ms)).toISOString();

const summary = (r: Row): helpdesk.TicketSummary => ({
  id: r.id,
  status: r.status as Status,
  domain: r.domain,
  about: { kind: r.about_kind as helpdesk.AboutKind, name: r.about_name },
  category: r.category as helpdesk.TicketSummary['category'],
  subject: r.subject,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export interface TicketsDeps {
  store: TicketsStore;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Whether the customer's mailing preference allows this kind of mail. */
  mailAllowed(customerId: number, topic: helpdesk.MailingTopic): Promise<boolean>;
  /** The customer's domains (core customers), by name. */
  domainsOf(customerId: number): Promise<{ id: number; name: string }[]>;
  /** What else a ticket can be about: other areas' objects, through the registry. */
  about: TicketSubjects;
}

/** Tickets: customer calls name the customer (another's is not found); provider calls do not. */
export function createTicketsService(deps: TicketsDeps) {
  const { store, clock } = deps;

  async function full(row: Row): Promise<helpdesk.Ticket> {
    const [messages, attachments] = await Promise.all([
      store.messages(row.id),
      store.attachmentsOf(row.id),
    ]);
    return {
      ...summary(row),
      name: row.customer,
      email: row.customer_email,
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        body: m.body,
        created_at: iso(m.created_at),
        attachments: attachments
          .filter((a) => a.message_id === m.id)
          .map(({ id, filename, content_type, size }) => ({ id, filename, content_type, size })),
      })),
    };
  }

  async function load(id: number, customerId?: number): Promise<helpdesk.Ticket> {
    const row = await store.ticket(id, customerId);
    if (!row) throw notFound();
    return full(row);
  }

  async function pending(customerId: number, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await store.pendingAttachments(customerId, unique);
    if (found.length !== unique.length) throw invalid('attachment_not_found');
    return unique;
  }

  async function list(
    query: { page: number; search?: string; status?: string },
    customerId?: number,
  ) {
    const filter = {
      ...(customerId !== undefined ? { customerId } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.search?.trim() ? { search: query.search.trim() } : {}),
    };
    const [rows, total] = await Promise.all([
      store.list({
        ...filter,
        offset: (query.page - 1) * helpdesk.TICKETS_PER_PAGE,
        limit: helpdesk.TICKETS_PER_PAGE,
      }),
      store.count(filter),
    ]);
    return { rows, total };
  }

  async function mailAnswer(ticket: helpdesk.Ticket, customerId: number): Promise<void> {
    try {
      if (!(await deps.mailAllowed(customerId, 'support'))) return;
      const r = await store.recipient(ticket.id);
      if (!r) return;
      await deps.mailer.send(
        answerMail({
          to: r.email ?? r.customer_email,
          name: r.name ?? r.customer_name,
          language: r.language ?? 'nl',
          ticketId: ticket.id,
          subject: ticket.subject,
          url: `${deps.publicUrl}/helpdesk/ticket/${ticket.id}`,
        }),
      );
    } catch (error) {
      deps.logger.error({ err: error, ticket: ticket.id }, 'ticket answer mail failed');
    }
  }

  /** What the customer's tickets can be about: domains, databases, failed jobs. */
  async function subjectsOf(customerId: number) {
    const domains = await deps.domainsOf(customerId);
    const ids = domains.map((d) => d.id);
    const [databases, jobs] = await Promise.all([
      deps.about.databases(ids),
      deps.about.failedJobs(ids, 50),
    ]);
    const nameOf = new Map(domains.map((d) => [d.id, d.name]));
    return {
      domains,
      subjects: [
        ...domains.map((d) => ({ domain: d.name, kind: 'domain' as const, name: '' })),
        ...databases.map((x) => ({
          domain: nameOf.get(x.domain_id) ?? '',
          kind: 'database' as const,
          name: x.name,
        })),
        ...jobs.map((j) => ({
          domain: nameOf.get(j.domain_id ?? 0) ?? '',
          kind: 'job' as const,
          name: j.id,
        })),
      ],
    };
  }

  return {
    subjects: async (customerId: number) => (await subjectsOf(customerId)).subjects,
    async list(customerId: number, query: { page: number; search?: string; status?: string }) {
      const { rows, total } = await list(query, customerId);
      return { tickets: rows.map(summary), total };
    },
    get: (customerId: number, id: number) => load(id, customerId),
    async create(
      customer: { customerId: number; identityId: number },
      body: helpdesk.NewTicketBody & { attachments: number[]; about: { name: string } },
    ) {
      const { subjects, domains } = await subjectsOf(customer.customerId);
      const about = body.about;
      const match = subjects.find(
        (s) =>
          s.domain === about.domain.toLowerCase() &&
          s.kind === about.kind &&
          s.name === (about.kind === 'domain' ? '' : about.name),
      );
      const domain = domains.find((d) => d.name === match?.domain);
      if (!match || !domain) throw invalid('about_not_found');
      const ids = await pending(customer.customerId, body.attachments);
      const at = clock.now();
      const id = await store.createTicket(
        {
          customer_id: customer.customerId,
          identity_id: customer.identityId,
          domain_id: domain.id,
          about_kind: match.kind,
          about_name: match.name,
          category: body.category,
          subject: body.subject,
          status: 'open',
          created_at: at,
          updated_at: at,
        },
        body.message,
        ids,
      );
      return load(id, customer.customerId);
    },
    async reply(customerId: number, id: number, body: { message: string; attachments: number[] }) {
      await load(id, customerId);
      const ids = await pending(customerId, body.attachments);
      const ok = await store.addMessage(id, 'customer', body.message, 'open', clock.now(), {
        customerId,
        ids,
      });
      if (!ok) throw fail('ticket_closed', 'conflict');
      return load(id, customerId);
    },
    async close(customerId: number, id: number) {
      await load(id, customerId);
      await store.setStatus(id, 'closed', clock.now());
      return load(id, customerId);
    },
    // The provider's side (operator API and CLI): any customer's ticket.
    async operatorList(query: { page: number; search?: string; status?: string }) {
      const { rows, total } = await list(query);
      return { tickets: rows.map((r) => ({ ...summary(r), customer: r.customer })), total };
    },
    operatorGet: (id: number) => load(id),
    /** The provider answers: the ticket becomes `answered` and the customer is mailed. */
    async answer(id: number, message: string) {
      const row = await store.ticket(id);
      if (!row) throw notFound();
      const ok = await store.addMessage(id, 'provider', message, 'answered', clock.now(), {
        customerId: row.customer_id,
        ids: [],
      });
      if (!ok) throw fail('ticket_closed', 'conflict');
      const ticket = await load(id);
      await mailAnswer(ticket, row.customer_id);
      return ticket;
    },
    async setStatus(id: number, status: Status) {
      if (!(await store.ticket(id))) throw notFound();
      await store.setStatus(id, status, clock.now());
      return load(id);
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
