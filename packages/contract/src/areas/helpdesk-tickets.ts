import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';

/*
 * Helpdesk tickets (issue #25): a customer opens a ticket about a domain or one of its objects,
 * talks with the provider in messages, and closes it. Attachments are uploaded first (each one
 * checked: size, sniffed type, name) and then named by id when the ticket or reply is sent.
 */

/** What a ticket can be about; `mailbox` comes with the mail area. */
export const ABOUT_KINDS = ['domain', 'database', 'job', 'mailbox'] as const;
export type AboutKind = (typeof ABOUT_KINDS)[number];

export const TICKET_CATEGORIES = ['question', 'outage', 'billing', 'request', 'other'] as const;
/** `open`: waiting for the provider; `answered`: the provider answered; `closed`: done. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The limits of tickets and their attachments; the server enforces them, the web shows them. */
export const TICKET_LIMITS = {
  subjectMax: 150,
  messageMax: 10_000,
  attachmentMaxBytes: 5_000_000,
  attachmentsPerMessage: 3,
  attachmentNameMax: 120,
  /** Types by sniffed content; the name's extension must fit the type found. */
  attachmentTypes: {
    'image/png': ['png'],
    'image/jpeg': ['jpg', 'jpeg'],
    'image/gif': ['gif'],
    'application/pdf': ['pdf'],
    'text/plain': ['txt', 'log'],
  } as Record<string, readonly string[]>,
} as const;

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\x00-\x1f\x7f]/;

/** True when the file name is a plain name: no folder, no control character, no dot file. */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= TICKET_LIMITS.attachmentNameMax &&
    !CONTROL.test(name) &&
    !/[/\\:]/.test(name) &&
    !name.startsWith('.') &&
    name.trim() === name
  );
}

const text = (max: number) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, VALIDATION.tooLong);

export const ticketAbout = z.strictObject({
  domain: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(253),
  kind: z.enum(ABOUT_KINDS, { error: VALIDATION.required }),
  /** The object's name within the domain (a database, a job id); empty for the domain itself. */
  name: z.string().max(253).default(''),
});

const attachmentIds = z
  .array(z.number().int().min(1))
  .max(TICKET_LIMITS.attachmentsPerMessage, VALIDATION.tooLong)
  .default([]);

export const newTicketBody = z.strictObject({
  about: ticketAbout,
  category: z.enum(TICKET_CATEGORIES, { error: VALIDATION.required }),
  subject: text(TICKET_LIMITS.subjectMax),
  message: text(TICKET_LIMITS.messageMax),
  attachments: attachmentIds,
});
export type NewTicketBody = z.input<typeof newTicketBody>;

export const replyBody = z.strictObject({
  message: text(TICKET_LIMITS.messageMax),
  attachments: attachmentIds,
});

export const attachment = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

export const ticketMessage = z.object({
  id: z.number().int(),
  author: z.enum(['customer', 'provider']),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(attachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketSummary = z.object({
  id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  domain: z.string(),
  about: z.object({ kind: z.enum(ABOUT_KINDS), name: z.string() }),
  category: z.enum(TICKET_CATEGORIES),
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticket = ticketSummary.extend({
  name: z.string(),
  email: z.string(),
  messages: z.array(ticketMessage),
});
export type Ticket = z.infer<typeof ticket>;

const access = { access: 'user', userTypes: CUSTOMER_LOGINS, tag: 'helpdesk' } as const;
export const ticketParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().max(150).optional(),
  status: z.enum([...TICKET_STATUSES, 'active']).optional(),
});
export const TICKETS_PER_PAGE = 50;

export const listTickets = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/ticket',
  summary: "The customer's tickets, newest activity first, 50 a page",
  query: pageQuery,
  response: z.object({ tickets: z.array(ticketSummary), total: z.number().int() }),
  errors: [],
});

export const ticketSubjects = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/ticket-about',
  summary: 'What a ticket can be about: each domain of the customer and its objects',
  response: z.object({
    subjects: z.array(
      z.object({ domain: z.string(), kind: z.enum(ABOUT_KINDS), name: z.string() }),
    ),
  }),
  errors: [],
});

const attachmentErrors = [
  'attachment_too_large',
  'attachment_type',
  'attachment_name',
  'too_many_attachments',
  'no_file_selected',
] as const;

export const uploadAttachment = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/helpdesk/attachment',
  summary: 'Uploads attachments (multipart `file` parts) for a ticket or reply still to send',
  response: z.object({ attachments: z.array(attachment) }),
  errors: attachmentErrors,
});

export const createTicket = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/helpdesk/ticket',
  summary: 'Opens a ticket about a domain or one of its objects',
  body: newTicketBody,
  response: z.object({ ticket }),
  errors: ['about_not_found', 'attachment_not_found'],
});

export const getTicket = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/ticket/{id}',
  summary: "One ticket with its conversation; another customer's answers 404",
  params: ticketParams,
  response: z.object({ ticket }),
  errors: [],
});

export const replyTicket = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/helpdesk/ticket/{id}/reply',
  summary: 'Adds the customer’s message; the ticket is open again',
  params: ticketParams,
  body: replyBody,
  response: z.object({ ticket }),
  errors: ['ticket_closed', 'attachment_not_found'],
});

export const closeTicket = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/helpdesk/ticket/{id}/close',
  summary: 'Closes the ticket',
  params: ticketParams,
  response: z.object({ ticket }),
  errors: [],
});

export const downloadAttachment = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/helpdesk/attachment/{id}',
  summary: "One attachment of the customer's tickets; another customer's answers 404",
  params: ticketParams,
  response: z.unknown(),
  responseKind: 'file',
  errors: [],
});
