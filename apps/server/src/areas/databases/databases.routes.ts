import { databases as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { DatabasesService } from './databases.service.ts';

export function databasesRoutes(bind: Bind, svc: DatabasesService): void {
  bind(api.listDatabases, async ({ domain }) => svc.list(domain));
  bind(api.getDatabase, async ({ domain, params }) => svc.detail(domain, params.name));
  bind(api.createDatabase, async ({ domain, body }) => svc.create(domain, body));
  bind(api.deleteDatabase, async ({ domain, params }) => {
    await svc.remove(domain, params.name);
    return { deleted: true as const };
  });
  bind(api.createDownloadTicket, async ({ domain, params }) =>
    svc.downloadTicket(domain, params.name),
  );
  bind(api.downloadDatabase, async ({ params, query, signal }) =>
    svc.download(params.domain, params.name, query.ticket, signal),
  );
  bind(api.listDatabaseUsers, async ({ domain, params }) => ({
    users: await svc.users.list(domain, params.name),
  }));
  bind(api.createDatabaseUser, async ({ domain, params, body }) =>
    svc.addUser(domain, params.name, body),
  );
  bind(api.changeDatabaseUserPassword, async ({ domain, params, body }) => {
    await svc.users.changePassword(domain, params.name, params.user, body.password);
    return { updated: true as const };
  });
  bind(api.deleteDatabaseUser, async ({ domain, params }) => {
    await svc.users.remove(domain, params.name, params.user);
    return { deleted: true as const };
  });
}
