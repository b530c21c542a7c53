import { createHash, randomBytes } from 'node:crypto';
import { lchown, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../../lib/app-error.ts';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { confine, ensureDirs, inDir, inParent, isCode } from '../../lib/confine.ts';
import { run } from '../../lib/process.ts';
import { digestLine, releaseFiles } from './tree-digest.ts';
import type { FileOwner, WebappFiles } from './webapp-files.port.ts';

const BATCH = 16;

/** Gives a tree to its owner without following a link (a customer may have made one since). */
async function chownTree(path: string, owner: FileOwner): Promise<void> {
  await lchown(path, owner.uid, owner.gid);
  const st = await lstat(path);
  if (!st.isDirectory()) return;
  for (const name of await readdir(path)) await chownTree(join(path, name), owner);
}

function splitRel(rel: string): string[] {
  return rel === '' ? [] : rel.split('/');
}

/**
 * Web app files on the local disk. Staging lives beside the homes (`<homes>/.webapp-staging`),
 * on the same file system, so placing is a rename; customers cannot write there.
 */
export function createLocalWebappFiles(opts: { homesRoot: string; php: string }): WebappFiles {
  const stagingRoot = join(opts.homesRoot, '.webapp-staging');

  return {
    async inspect(home, rel) {
      const c = await confine(home, splitRel(rel));
      if (!c.stat) return { exists: false, empty: true };
      if (!c.stat.isDirectory()) return { exists: true, empty: false };
      const names = await inDir(c.root, c.path, (at) => readdir(at));
      return { exists: true, empty: names.length === 0 };
    },

    async stage(sourceRoot, filter, onProgress, signal) {
      const { files, dirs } = await releaseFiles(sourceRoot, filter.exclude, filter.only).catch(
        (error: unknown) => {
          // No such folder in the source: as missing as an empty one.
          if (isCode(error, 'ENOENT')) return { files: [], dirs: [] };
          throw error;
        },
      );
      if (files.length === 0) throw new AppError<'source_missing'>('source_missing', 'unavailable');
      await mkdir(stagingRoot, { recursive: true, mode: 0o700 });
      const dir = join(stagingRoot, randomBytes(8).toString('hex'));
      await mkdir(dir, { mode: 0o755 });
      try {
        for (const d of dirs) await mkdir(join(dir, d), { mode: 0o755 });
        const lines: string[] = new Array<string>(files.length);
        for (let i = 0; i < files.length; i += BATCH) {
          signal.throwIfAborted();
          await Promise.all(
            files.slice(i, i + BATCH).map(async (f, j) => {
              const content = await readFile(f.from);
              lines[i + j] = digestLine(f, content);
              await writeFile(join(dir, f.rel), content, { mode: 0o644, flag: 'wx' });
            }),
          );
          await onProgress(Math.min(i + BATCH, files.length), files.length);
        }
        const digest = createHash('sha256').update(lines.join('')).digest('hex');
        return { dir, digest, files: files.length };
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    },

    async place(staged, home, rel, owner) {
      const segments = splitRel(rel);
      const before = await confine(home, segments);
      if (before.stat && !before.stat.isDirectory())
        throw new AppError<'directory_not_empty'>('directory_not_empty', 'conflict');
      const target = await ensureDirs(await confine(home, []), segments, 0o755, async (made) => {
        if (owner) await inParent(made, (at) => lchown(at, owner.uid, owner.gid));
      });
      const names = await readdir(staged.dir);
      await inDir(target.root, target.path, async (at) => {
        for (const name of names) {
          await rm(join(at, name), { recursive: true, force: true });
          await rename(join(staged.dir, name), join(at, name));
          if (owner) await chownTree(join(at, name), owner);
        }
      });
      return { names, createdFolder: !before.stat };
    },

    discard: (staged) => rm(staged.dir, { recursive: true, force: true }),

    async discardAllStaged() {
      const names = await readdir(stagingRoot).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return [];
        throw error;
      });
      for (const name of names) await rm(join(stagingRoot, name), { recursive: true, force: true });
      return names.length;
    },

    async writeFile(home, rel, content, owner, mode = 0o640) {
      const segments = splitRel(rel);
      await ensureDirs(await confine(home, []), segments.slice(0, -1), 0o755, async (made) => {
        if (owner) await inParent(made, (at) => lchown(at, owner.uid, owner.gid));
      });
      const c = await confine(home, segments);
      if (c.stat?.isSymbolicLink())
        throw new AppError<'invalid_directory'>('invalid_directory', 'invalid');
      await inDir(c.root, c.parent, (at) =>
        writeFileAtomic(join(at, c.name), content, mode, owner ?? undefined),
      );
    },

    async remove(home, rel) {
      try {
        const c = await confine(home, splitRel(rel));
        if (!c.stat) return;
        await inParent(c, (at) => rm(at, { recursive: true, force: true }));
      } catch (error) {
        // A folder on the way is already gone: nothing left to remove.
        if (error instanceof AppError && error.code === 'not_found') return;
        if (isCode(error, 'ENOENT')) return;
        throw error;
      }
    },

    async runPhp(code, input, at, owner) {
      const c = await confine(at.home, splitRel(at.rel));
      if (!c.stat?.isDirectory()) throw new AppError('not_found', 'not_found');
      const php = [opts.php, '-d', 'display_errors=stderr', '-r', code];
      // setpriv (util-linux) drops to the domain's account, as its PHP-FPM pool runs.
      const argv = owner
        ? [
            'setpriv',
            `--reuid=${owner.uid}`,
            `--regid=${owner.gid}`,
            '--clear-groups',
            '--',
            ...php,
          ]
        : php;
      return run(argv[0] ?? 'php', argv.slice(1), {
        input,
        cwd: c.path,
        timeoutMs: 120_000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dirname(c.path) },
      });
    },
  };
}
