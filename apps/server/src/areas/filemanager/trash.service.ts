import { randomUUID } from 'node:crypto';
import type { TrashItem } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { splitPath } from '../../lib/rel-path.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import { assertMovable } from './entries.service.ts';
import { childOf, parentOf, type Files } from './domain-files.ts';
import type { FilemanagerStore, TrashRow } from './filemanager.store.ts';
import { freeName } from './names.ts';
import type { Quota } from './quota.service.ts';

/**
 * Deletes go to a per-domain trash (the port keeps it beside the home: a rename, instant,
 * counted in the customer's disk use until emptied); SQL remembers where each entry was.
 */
export function createTrash(files: Files, quota: Quota, store: FilemanagerStore, clock: Clock) {
  return {
    async put(domain: DomainRef, paths: readonly string[]): Promise<void> {
      for (const path of paths) {
        const entry = await files.existing(domain, path);
        assertMovable(entry);
        const id = randomUUID();
        const size =
          entry.type === 'directory'
            ? await files.on(domain).size(domain.name, entry.path)
            : entry.size;
        await files.on(domain).moveToTrash(domain.name, entry.path, id);
        const type = entry.type === 'directory' || entry.type === 'link' ? entry.type : 'file';
        try {
          await store.addTrash({
            id,
            domain_id: domain.id,
            name: entry.name,
            original_path: entry.realPath,
            type,
            size,
            deleted_at: clock.now(),
          });
        } catch (error) {
          // Not remembered, so not deleted: put it back.
          await files
            .on(domain)
            .restoreFromTrash(domain.name, id, parentOf(entry.path), entry.name)
            .catch(() => undefined);
          throw error;
        }
      }
    },

    async list(domain: DomainRef): Promise<{ items: TrashItem[]; size: number }> {
      const rows = await store.trashOf(domain.id);
      const items = rows.map((r) => ({ ...r, deleted_at: Math.floor(r.deleted_at / 1000) }));
      return {
        items: items.map(({ domain_id: _, ...item }) => item),
        size: rows.reduce((s, r) => s + r.size, 0),
      };
    },

    /** Back where it was; beside it with a new name when that place is taken now. */
    async restore(domain: DomainRef, ids: readonly string[]): Promise<string[]> {
      const rows = await store.trashByIds(domain.id, ids);
      if (rows.length !== new Set(ids).size) throw fail('not_found', 'not_found');
      const restored: string[] = [];
      for (const row of rows) {
        if (!(await files.on(domain).inTrash(domain.name, row.id))) {
          await store.removeTrash(domain.id, row.id);
          throw fail('not_found', 'not_found');
        }
        const segments = splitPath(row.original_path);
        const dir = await files.on(domain).ensureFolders(domain.name, '/', segments.slice(0, -1));
        const wanted = segments.at(-1) ?? row.name;
        const taken = await files.on(domain).stat(domain.name, childOf(dir, wanted));
        const name = taken ? await freeName(files, domain, dir, wanted, 'restored') : wanted;
        restored.push(await files.on(domain).restoreFromTrash(domain.name, row.id, dir, name));
        await store.removeTrash(domain.id, row.id);
      }
      return restored;
    },

    async empty(domain: DomainRef, ids?: readonly string[]): Promise<void> {
      const rows: TrashRow[] = ids
        ? await store.trashByIds(domain.id, ids)
        : await store.trashOf(domain.id);
      for (const row of rows) {
        await files.on(domain).removeFromTrash(domain.name, row.id);
        await store.removeTrash(domain.id, row.id);
        quota.adjust(domain, -row.size);
      }
    },
  };
}
export type Trash = ReturnType<typeof createTrash>;
