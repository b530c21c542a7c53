import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { link, rename as renameAt, unlink } from 'node:fs/promises';
import { confine, inParent, isCode, openConfined, type Confined } from '../../lib/confine.ts';
import { filesError } from './local-failures.ts';
import { ownerOf, type Homes } from './local-homes.ts';
import { writeAll } from './local-pump.ts';
import { WRITE_NEW } from './local-write.ts';

const STAGED = /^[0-9a-f-]{36}$/;

/** A staged file's place in the domain's temp folder (ids are ours: a uuid, nothing else). */
async function slot(homes: Homes, domain: string, id: string): Promise<Confined> {
  if (!STAGED.test(id)) throw filesError('invalid_path');
  return homes.child(await homes.privateDir(domain, 'tmp'), `${id}.staged`);
}

/**
 * Files written in full before any is put in place (an upload of many parts): a refused
 * request discards what it staged, so nothing of it reaches the customer's folders.
 */
export function stagingOf(homes: Homes) {
  return {
    async stage(
      domain: string,
      source: AsyncIterable<Uint8Array>,
      options: { signal?: AbortSignal | undefined } = {},
    ): Promise<string> {
      const id = randomUUID();
      const tmp = await slot(homes, domain, id);
      const handle = await openConfined(tmp, WRITE_NEW, 0o600);
      try {
        await writeAll(handle, source, options.signal);
        await handle.close();
      } catch (error) {
        await handle.close().catch(() => undefined);
        await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
        throw error;
      }
      return id;
    },

    async place(
      domain: string,
      id: string,
      path: string,
      options: { overwrite: boolean },
    ): Promise<string> {
      const tmp = await slot(homes, domain, id);
      const c = await homes.followed(await homes.at(domain, path));
      if (c.name === '' || (c.stat && !c.stat.isFile())) throw filesError('not_a_file');
      if (c.stat && !options.overwrite) throw filesError('exists');
      const parent = await confine(c.root, c.segments.slice(0, -1));
      const handle = await openConfined(tmp, constants.O_RDONLY);
      try {
        await handle.chmod(0o644);
        const owner = ownerOf(parent.stat);
        if (owner) await handle.chown(owner.uid, owner.gid);
      } finally {
        await handle.close();
      }
      if (options.overwrite) {
        await inParent(tmp, (from) => inParent(c, (to) => renameAt(from, to)));
      } else {
        // link() never replaces: a name taken meanwhile is `exists`, not overwritten.
        await inParent(tmp, (from) => inParent(c, (to) => link(from, to))).catch(
          (error: unknown) => {
            throw isCode(error, 'EEXIST') ? filesError('exists') : error;
          },
        );
        await inParent(tmp, (at) => unlink(at));
      }
      return c.rel;
    },

    async discard(domain: string, id: string): Promise<void> {
      const tmp = await slot(homes, domain, id);
      await inParent(tmp, (at) => unlink(at)).catch((error: unknown) => {
        if (!isCode(error, 'ENOENT')) throw error;
      });
    },
  };
}
