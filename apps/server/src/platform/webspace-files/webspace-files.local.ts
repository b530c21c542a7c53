import { rename as renameAt } from 'node:fs/promises';
import { inParent, type Confined } from '../../lib/confine.ts';
import { mapErrors } from '../../lib/map-errors.ts';
import type { Webspace } from '../webspace/webspace.port.ts';
import { removeTree } from './local-copy.ts';
import { changingOf, readingOf } from './local-entries.ts';
import { asFilesError, filesError } from './local-failures.ts';
import { createHomes, type Homes } from './local-homes.ts';
import { checkZip, extractZip } from './local-unzip.ts';
import { stagingOf } from './local-staging.ts';
import { openRead, readFile, writeFile } from './local-write.ts';
import { treeSize, treeSizes } from './local-walk.ts';
import { writeZip } from './local-zip.ts';
import type { WebspaceFiles } from './webspace-files.port.ts';

/** Where trash entry `id` lives: `<state>/trash/<id>` (local-state.ts), outside the home. */
async function trashSlot(homes: Homes, domain: string, id: string): Promise<Confined> {
  return homes.child(await homes.privateDir(domain, 'trash'), id);
}

/**
 * The homes of this server, on its own disk (lib/confine for every path). Another hosting
 * server would run the same behind an agent.
 */
export function createLocalWebspaceFiles(webspace: Webspace): WebspaceFiles {
  const homes = createHomes(webspace);
  const files: WebspaceFiles = {
    ...readingOf(homes),
    ...changingOf(homes),
    ...stagingOf(homes),
    readFile: (domain, path, maxBytes) => readFile(homes, domain, path, maxBytes),
    writeFile: (domain, path, source, options) => writeFile(homes, domain, path, source, options),
    openRead: (domain, path) => openRead(homes, domain, path),

    async moveToTrash(domain, path, id) {
      const c = await homes.existing(domain, path);
      const slot = await trashSlot(homes, domain, id);
      if (c.name === '') throw filesError('invalid_path');
      if (slot.stat) throw filesError('exists');
      await inParent(c, (from) => inParent(slot, (to) => renameAt(from, to)));
    },
    async inTrash(domain, id) {
      return Boolean((await trashSlot(homes, domain, id)).stat);
    },
    async restoreFromTrash(domain, id, folder, name) {
      const from = await trashSlot(homes, domain, id);
      if (!from.stat) throw filesError('not_found');
      const to = await homes.child(await homes.folder(domain, folder), name);
      if (to.stat) throw filesError('exists');
      await inParent(from, (a) => inParent(to, (b) => renameAt(a, b)));
      return to.rel;
    },
    async usage(domain, options) {
      const root = await homes.at(domain, '/');
      const trash = await homes.privateDir(domain, 'trash');
      const home = await treeSizes(root.root, root.path, options?.signal);
      return {
        home: home.total,
        folders: home.top,
        trash: await treeSize(trash.root, trash.path, options?.signal),
      };
    },
    async removeFromTrash(domain, id) {
      const slot = await trashSlot(homes, domain, id);
      if (slot.stat) await removeTree(slot);
    },

    writeZip: (domain, folder, names, zipName, options) =>
      writeZip(homes, domain, folder, names, zipName, options),
    checkZip: (domain, zip, target, options) => checkZip(homes, domain, zip, target, options),
    extractZip: (domain, zip, target, options) => extractZip(homes, domain, zip, target, options),
  };
  return mapErrors(files, asFilesError);
}
