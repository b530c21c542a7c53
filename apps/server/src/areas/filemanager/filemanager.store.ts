import type { Selectable } from 'kysely';
import type {
  FilemanagerDb,
  FilemanagerTicketsTable,
  FilemanagerTrashTable,
} from './filemanager.tables.ts';

export type TrashRow = Selectable<FilemanagerTrashTable>;
export type TicketRow = Selectable<FilemanagerTicketsTable>;

export function createFilemanagerStore(db: FilemanagerDb) {
  return {
    addTrash: (row: TrashRow) => db.insertInto('filemanager_trash').values(row).execute(),
    trashOf: (domainId: number) =>
      db
        .selectFrom('filemanager_trash')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('deleted_at', 'desc')
        .execute(),
    trashByIds: (domainId: number, ids: readonly string[]) =>
      db
        .selectFrom('filemanager_trash')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('id', 'in', ids)
        .execute(),
    removeTrash: (domainId: number, id: string) =>
      db
        .deleteFrom('filemanager_trash')
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .execute(),

    addTicket: (row: TicketRow) => db.insertInto('filemanager_tickets').values(row).execute(),
    /** Marks a live ticket used; undefined when it is unknown, used or expired (single use). */
    consumeTicket: async (hash: string, now: number): Promise<TicketRow | undefined> => {
      const r = await db
        .updateTable('filemanager_tickets')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      return db
        .selectFrom('filemanager_tickets')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
    },
    purgeTickets: (before: number) =>
      db.deleteFrom('filemanager_tickets').where('expires_at', '<', before).execute(),
  };
}
export type FilemanagerStore = ReturnType<typeof createFilemanagerStore>;
