import { helpdesk as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { ApiKeys } from './api-keys.ts';
import type { AttachmentsService } from './attachments.service.ts';
import { notFound } from './helpdesk.errors.ts';
import type { TicketsService } from './tickets.service.ts';

const { TICKET_LIMITS } = api;

/** The customer's tickets (session) and the provider's operator API (API key and scope). */
export function ticketsRoutes(
  bind: Bind,
  svc: TicketsService,
  files: AttachmentsService,
  keys: ApiKeys,
): void {
  bind(api.listTickets, async ({ principal, query }) => svc.list(principal.customerId, query));
  bind(api.ticketSubjects, async ({ principal }) => ({
    subjects: await svc.subjects(principal.customerId),
  }));
  bind(api.createTicket, async ({ principal, body }) => ({
    ticket: await svc.create(principal, body),
  }));
  bind(api.getTicket, async ({ principal, params }) => ({
    ticket: await svc.get(principal.customerId, params.id),
  }));
  bind(api.replyTicket, async ({ principal, params, body }) => ({
    ticket: await svc.reply(principal.customerId, params.id, body),
  }));
  bind(api.closeTicket, async ({ principal, params }) => ({
    ticket: await svc.close(principal.customerId, params.id),
  }));
  bind.upload(
    api.uploadAttachment,
    {
      maxFileBytes: TICKET_LIMITS.attachmentMaxBytes,
      maxFiles: TICKET_LIMITS.attachmentsPerMessage + 1,
    },
    async ({ principal }, parts) => ({
      attachments: await files.receive(principal.customerId, parts),
    }),
  );
  bind(api.downloadAttachment, async ({ principal, params }) => {
    const file = await files.open(params.id, principal.customerId);
    if (!file) throw notFound();
    return file;
  });

  bind(api.operatorListTickets, async ({ token, query }) => {
    await keys.check(token, 'tickets:read');
    return svc.operatorList(query);
  });
  bind(api.operatorGetTicket, async ({ token, params }) => {
    await keys.check(token, 'tickets:read');
    return { ticket: await svc.operatorGet(params.id) };
  });
  bind(api.operatorAnswer, async ({ token, params, body }) => {
    await keys.check(token, 'tickets:write');
    return { ticket: await svc.answer(params.id, body.message) };
  });
  bind(api.operatorSetStatus, async ({ token, params, body }) => {
    await keys.check(token, 'tickets:write');
    return { ticket: await svc.setStatus(params.id, body.status) };
  });
  bind(api.operatorDownloadAttachment, async ({ token, params }) => {
    await keys.check(token, 'tickets:read');
    const file = await files.open(params.id);
    if (!file) throw notFound();
    return file;
  });
}
