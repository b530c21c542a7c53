import { lstat, mkdir, readdir, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
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

async function mkdirOnce(path: string): Promise<boolean> {
  try {
    await mkdir(path, { mode: 0o700 });
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
}

const lstatOrNull = (path: string) => lstat(path).catch(() => null);

/** A real folder (not a link) at `path`, else null. */
async function realDir(path: string) {
  const st = await lstatOrNull(path);
  return st?.isDirectory() ? st : null;
}

export function createState(webspace: Webspace) {
  const migrated = new Map<string, Promise<void>>();

  /** `<homes root>/.haven-state/<domain>`, made 0700 (the domain folder given to the home's owner). */
  async function stateRoot(domain: string): Promise<Confined> {
    const home = webspace.homeOf(domain);
    const root = join(dirname(home), STATE_DIR);
    await mkdirOnce(root);
    if (!(await realDir(root))) throw new Error(`${root} is not a folder`);
    const path = join(root, basename(home));
    const homeStat = await lstat(home);
    if (await mkdirOnce(path)) await adopt(path, ownerOf(homeStat));
    const st = await realDir(path);
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
    if (await lstatOrNull(marker)) return;
    const legacy = join(home, LEGACY_DIR);
    if (await realDir(legacy)) await moveLegacy(domain, home, legacy);
    await writeFile(marker, '', { mode: 0o600 });
  }

  async function moveLegacy(domain: string, home: string, legacy: string): Promise<void> {
    if (await realDir(join(legacy, 'trash'))) {
      const trash = await dir(domain, 'trash');
      await inDir(home, join(legacy, 'trash'), (from) =>
        inDir(trash.root, trash.path, async (to) => {
          for (const name of (await readdir(from)).filter((n) => ID.test(n))) {
            if (!(await lstatOrNull(join(to, name))))
              await rename(join(from, name), join(to, name));
          }
        }),
      );
    }
    if (await realDir(join(legacy, 'tmp'))) {
      await inDir(home, join(legacy, 'tmp'), async (at) => {
        for (const name of (await readdir(at)).filter((n) => TEMP.test(n))) {
          if ((await lstatOrNull(join(at, name)))?.isFile()) await unlink(join(at, name));
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
