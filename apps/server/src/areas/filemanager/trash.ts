import { randomUUID } from 'node:crypto';
import { rename as renameAt } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrashItem } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { confine, ensureDirs, inDir, inParent, splitPath, type Confined } from '../../lib/confine.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../http/principal.ts';
import { removeTree } from './copy.ts';
import { assertMovable } from './entries.ts';
import { PRIVATE_DIR, type Homes } from './fm-home.ts';
import type { FilemanagerStore, TrashRow } from './filemanager.store.ts';
import { freeName, realRel } from './names.ts';
import { treeSize } from './walk.ts';

/**
 * Deletes go to a per-domain trash in `<home>/.haven/trash/<id>` (a rename: instant, same
 * filesystem, counted in the customer's disk use until emptied); SQL remembers where each was.
 */
export function createTrash(homes: Homes, store: FilemanagerStore, clock: Clock) {
  async function slot(domain: DomainRef, id: string): Promise<Confined> {
    return confine(await homes.home(domain), [PRIVATE_DIR, 'trash', id]);
  }

  return {
    async put(domain: DomainRef, paths: readonly string[]): Promise<void> {
      const trashDir = await homes.privateDir(domain, 'trash');
      for (const path of paths) {
        const c = await homes.existing(domain, path);
        assertMovable(c);
        const id = randomUUID();
        const size = c.stat?.isDirectory() ? await treeSize(c.root, c.path) : (c.stat?.size ?? 0);
        await inParent(c, (from) => inDir(trashDir.root, trashDir.path, (to) => renameAt(from, join(to, id))));
        const type = c.stat?.isDirectory() ? 'directory' : c.stat?.isSymbolicLink() ? 'link' : 'file';
        await store.addTrash({ id, domain_id: domain.id, name: c.name, original_path: realRel(c), type, size, deleted_at: clock.now() });
      }
    },

    async list(domain: DomainRef): Promise<{ items: TrashItem[]; size: number }> {
      const rows = await store.trashOf(domain.id);
      const items = rows.map((r) => ({ ...r, deleted_at: Math.floor(r.deleted_at / 1000) }));
      return { items: items.map(({ domain_id: _, ...item }) => item), size: rows.reduce((s, r) => s + r.size, 0) };
    },

    /** Back where it was; beside it with a new name when that place is taken now. */
    async restore(domain: DomainRef, ids: readonly string[]): Promise<string[]> {
      const rows = await store.trashByIds(domain.id, ids);
      if (rows.length !== new Set(ids).size) throw fail('not_found', 'not_found');
      const home = await confine(await homes.home(domain), []);
      const restored: string[] = [];
      for (const row of rows) {
        const from = await slot(domain, row.id);
        if (!from.stat) {
          await store.removeTrash(domain.id, row.id);
          throw fail('not_found', 'not_found');
        }
        const segments = splitPath(row.original_path);
        const dir = await ensureDirs(home, segments.slice(0, -1));
        const wanted = segments.at(-1) ?? row.name;
        const taken = (await confine(dir.root, [...dir.segments, wanted])).stat;
        const name = taken ? await freeName(dir, wanted, 'restored') : wanted;
        const to = await confine(dir.root, [...dir.segments, name]);
        await inParent(from, (a) => inParent(to, (b) => renameAt(a, b)));
        await store.removeTrash(domain.id, row.id);
        restored.push(to.rel);
      }
      return restored;
    },

    async empty(domain: DomainRef, ids?: readonly string[]): Promise<void> {
      const rows: TrashRow[] = ids ? await store.trashByIds(domain.id, ids) : await store.trashOf(domain.id);
      for (const row of rows) {
        const c = await slot(domain, row.id);
        if (c.stat) await removeTree(c);
        await store.removeTrash(domain.id, row.id);
      }
    },
  };
}
export type Trash = ReturnType<typeof createTrash>;
