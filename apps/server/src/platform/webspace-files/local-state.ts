import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { confine, ensureDirs, inDir, inParent, isCode, type Confined } from '../../lib/confine.ts';
import type { Webspace } from '../webspace/webspace.port.ts';
import { adopt, ownerOf } from './local-owner.ts';

/**
 * Haven's own folders for a domain (trash, temp files) live beside the homes, not in them:
 * `<homes root>/.haven-state/<domain>/{trash,tmp}`. No domain is named `.haven-state`, the
 * folder is 0700 and Haven's (root's), so no customer process, FTP account or web server
 * reaches it, and no path in a home leads there (confinement refuses links out of the home).
 * It sits on the homes' filesystem, so moves into the trash and out of temp stay renames.
 */
export const STATE_DIR = '.haven-state';
/** Where these folders were before: `<home>/.haven`, now an ordinary name for the customer. */
const LEGACY_DIR = '.haven';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TEMP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(part|staged|zip)$/;

// The state folder's checks are synchronous: a few microseconds each, where every trip through
// the thread pool is one more turn of the event loop under load (a domain's first file list made
// about ten in a row). Moving a legacy folder stays asynchronous.
function mkdirOnce(path: string): boolean {
  try {
    mkdirSync(path, { mode: 0o700 });
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** A real folder (not a link) at `path`, else null. */
function realDir(path: string) {
  const st = lstatOrNull(path);
  return st?.isDirectory() ? st : null;
}

export function createState(webspace: Webspace) {
  const migrated = new Map<string, Promise<void>>();

  /** `<homes root>/.haven-state/<domain>`, made 0700 (the domain folder given to the home's owner). */
  async function stateRoot(domain: string): Promise<Confined> {
    const home = webspace.homeOf(domain);
    const root = join(dirname(home), STATE_DIR);
    mkdirOnce(root);
    if (!realDir(root)) throw new Error(`${root} is not a folder`);
    const path = join(root, basename(home));
    const homeStat = lstatSync(home);
    // Made once in a domain's life: the one trip left (the owner's lchown) is rare.
    if (mkdirOnce(path)) await adopt(path, ownerOf(homeStat));
    const st = realDir(path);
    if (!st) throw new Error(`${path} is not a folder`);
    // A rename across filesystems fails (EXDEV): say why instead.
    if (st.dev !== homeStat.dev) throw new Error(`${path} is not on the filesystem of ${home}`);
    return confine(path, []);
  }

  /** `trash` or `tmp` of the domain's state folder, made on first use. */
  async function dir(domain: string, sub: 'trash' | 'tmp'): Promise<Confined> {
    const base = await stateRoot(domain);
    const owner = ownerOf(base.stat);
    return ensureDirs(base, [sub], 0o700, (made) => inParent(made, (at) => adopt(at, owner)));
  }

  /**
   * Moves what an older Haven kept in `<home>/.haven` to the state folder (trash entries by
   * their ids, so the trash table's rows still find them; stale temp files removed), then
   * removes the folder when nothing else is in it. Once per domain: a marker in the state
   * folder says it was done, so a `.haven` the customer makes later stays theirs.
   */
  async function migrate(domain: string, home: string): Promise<void> {
    const marker = join((await stateRoot(domain)).path, 'migrated');
    if (lstatOrNull(marker)) return;
    const legacy = join(home, LEGACY_DIR);
    if (realDir(legacy)) await moveLegacy(domain, home, legacy);
    writeFileSync(marker, '', { mode: 0o600 });
  }

  async function moveLegacy(domain: string, home: string, legacy: string): Promise<void> {
    if (realDir(join(legacy, 'trash'))) {
      const trash = await dir(domain, 'trash');
      await inDir(home, join(legacy, 'trash'), (from) =>
        inDir(trash.root, trash.path, async (to) => {
          for (const name of (await readdir(from)).filter((n) => ID.test(n))) {
            if (!lstatOrNull(join(to, name))) await rename(join(from, name), join(to, name));
          }
        }),
      );
    }
    if (realDir(join(legacy, 'tmp'))) {
      await inDir(home, join(legacy, 'tmp'), async (at) => {
        for (const name of (await readdir(at)).filter((n) => TEMP.test(n))) {
          if (lstatOrNull(join(at, name))?.isFile()) await unlink(join(at, name));
        }
      });
    }
    // Each only when empty: what a customer put there stays, as their own folder now.
    for (const sub of ['trash', 'tmp', '']) await rmdir(join(legacy, sub)).catch(() => undefined);
  }

  return {
    dir,
    /** The move from `<home>/.haven`, asked once per domain and process; a failure is tried again. */
    migrated(domain: string, home: string): Promise<void> {
      let done = migrated.get(domain);
      if (!done) {
        done = migrate(domain, home).catch((error: unknown) => {
          migrated.delete(domain);
          throw error;
        });
        migrated.set(domain, done);
      }
      return done;
    },
  };
}
export type State = ReturnType<typeof createState>;
