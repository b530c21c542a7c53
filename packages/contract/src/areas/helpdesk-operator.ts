import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import {
  pageQuery,
  ticket,
  ticketParams,
  ticketSummary,
  TICKET_LIMITS,
  TICKET_STATUSES,
} from './helpdesk-tickets.ts';

/*
 * The provider's side of the helpdesk: an operator API outside customer sessions. A caller
 * sends `Authorization: Bearer <api key>`; keys are made with `haven apikey create`, carry
 * scopes, are stored hashed and can be revoked. The binder sees these as public: the helpdesk
 * checks the key and its scope itself (401 `unauthorized`, 403 `forbidden`) and they are rate
 * limited per client address.
 */

export const API_KEY_SCOPES = ['tickets:read', 'tickets:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const operator = { access: 'public', tag: 'helpdesk' } as const;
const keyErrors = [] as const;

export const operatorTicketSummary = ticketSummary.extend({ customer: z.string() });

export const operatorListTickets = defineEndpoint({
  ...operator,
  method: 'GET',
  path: '/api/operator/tickets',
  summary: 'Operator API (tickets:read): every customer’s tickets, 50 a page',
  query: pageQuery,
  response: z.object({ tickets: z.array(operatorTicketSummary), total: z.number().int() }),
  errors: keyErrors,
});

export const operatorGetTicket = defineEndpoint({
  ...operator,
  method: 'GET',
  path: '/api/operator/tickets/{id}',
  summary: 'Operator API (tickets:read): one ticket with its conversation',
  params: ticketParams,
  response: z.object({ ticket }),
  errors: keyErrors,
});

export const operatorAnswer = defineEndpoint({
  ...operator,
  method: 'POST',
  path: '/api/operator/tickets/{id}/answer',
  summary:
    'Operator API (tickets:write): answers; the ticket becomes answered, the customer is mailed',
  params: ticketParams,
  body: z.strictObject({
    message: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .max(TICKET_LIMITS.messageMax, VALIDATION.tooLong),
  }),
  response: z.object({ ticket }),
  errors: ['ticket_closed'],
});

export const operatorSetStatus = defineEndpoint({
  ...operator,
  method: 'POST',
  path: '/api/operator/tickets/{id}/status',
  summary: 'Operator API (tickets:write): sets the status',
  params: ticketParams,
  body: z.strictObject({ status: z.enum(TICKET_STATUSES, { error: VALIDATION.required }) }),
  response: z.object({ ticket }),
  errors: keyErrors,
});

export const operatorDownloadAttachment = defineEndpoint({
  ...operator,
  method: 'GET',
  path: '/api/operator/attachments/{id}',
  summary: 'Operator API (tickets:read): one attachment',
  params: ticketParams,
  response: z.unknown(),
  responseKind: 'file',
  errors: keyErrors,
});
