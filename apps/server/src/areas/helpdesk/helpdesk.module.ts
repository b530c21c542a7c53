import { join } from 'node:path';
import type { HelpdeskTables, HelpdeskTicketTables } from './helpdesk.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import type { TicketSubjects } from '../../model/ticket-subjects.ts';
import { createDiskAttachments } from '../../platform/attachments/attachments.disk.ts';
import { createHelpdeskStore } from './helpdesk.store.ts';
import { createHelpdeskService } from './helpdesk.service.ts';
import { helpdeskRoutes } from './helpdesk.routes.ts';
import { createTicketsStore } from './tickets.store.ts';
import { createTicketsService } from './tickets.service.ts';
import { createAttachmentsService } from './attachments.service.ts';
import { createApiKeys } from './api-keys.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { helpdeskExports, type HelpdeskExports } from './helpdesk.exports.ts';

/**
 * The customer's helpdesk (issue #25): mailing preferences, contact addresses, tickets. Its
 * exports let other areas' mails honour the mailing preferences and the operator CLI manage
 * API keys and tickets.
 */
export function helpdeskModule(
  core: CoreContext,
  deps: { about: TicketSubjects },
): AreaModule & { exports: HelpdeskExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<HelpdeskTables & HelpdeskTicketTables>();
  const svc = createHelpdeskService({ store: createHelpdeskStore(db), clock: core.clock });
  const store = createTicketsStore(db);
  const tickets = createTicketsService({
    store,
    clock: core.clock,
    mailer: core.mailer,
    logger: core.logger,
    publicUrl: core.config.publicUrl,
    mailAllowed: (customerId, topic) => exports.mailAllowed(customerId, topic),
    domainsOf: (customerId) => core.customers.domainsOfCustomer(customerId),
    about: deps.about,
  });
  // Outside every webroot: the data dir, never the homes.
  const files = createAttachmentsService({
    store,
    files: createDiskAttachments(join(core.config.dataDir, 'helpdesk-attachments')),
    clock: core.clock,
  });
  const keys = createApiKeys(db, core.clock);
  const exports = helpdeskExports(svc, { tickets, keys });
  return {
    name: 'helpdesk',
    routes: (bind) => {
      helpdeskRoutes(bind, svc);
      ticketsRoutes(bind, tickets, files, keys);
    },
    exports,
  };
}
