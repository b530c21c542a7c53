import type { helpdesk } from '@haven/contract';
import type { ApiKeys } from './api-keys.ts';
import type { HelpdeskService } from './helpdesk.service.ts';
import type { TicketsService } from './tickets.service.ts';

/** What the helpdesk offers outside its folder, on purpose; areas/registry.ts passes it on. */
export interface HelpdeskExports {
  /** Other areas' mails honour the customer's mailing preferences (the shop's invoices). */
  mailAllowed(customerId: number, topic: helpdesk.MailingTopic): Promise<boolean>;
  /** The operator CLI's: API keys and answering tickets. */
  operator: { tickets: TicketsService; keys: ApiKeys };
}

/** The CLI tells a refused key request (a usage error) from a failure. */
export { ApiKeyUsage } from './api-keys.ts';

export function helpdeskExports(
  svc: HelpdeskService,
  operator: HelpdeskExports['operator'],
): HelpdeskExports {
  return {
    mailAllowed: async (customerId, topic) => (await svc.mailing(customerId))[topic],
    operator,
  };
}
