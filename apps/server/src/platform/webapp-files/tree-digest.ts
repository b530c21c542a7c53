import { createHash } from 'node:crypto';
import { readdir, readFile, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file of a release: its path inside the release and where its bytes are read. */
export interface ReleaseFile {
  rel: string;
  from: string;
  /** Where the entry links to, when it is a link (Debian links other packages' files in). */
  link?: string;
}

/**
 * Every file of a release tree, sorted by path. Links are followed (Debian's `wordpress` links
 * shared libraries into its tree; the copy gets real files); a dangling link is left out.
 * `exclude` names paths inside the tree (and everything below them); `only`, when given, the
 * top-level entries to take.
 */
export async function releaseFiles(
  root: string,
  exclude: readonly string[],
  only?: readonly string[],
): Promise<{ files: ReleaseFile[]; dirs: string[] }> {
  const files: ReleaseFile[] = [];
  const dirs: string[] = [];
  const skip = new Set(exclude);
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(join(root, rel), { withFileTypes: true });
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip.has(r) || (rel === '' && only && !only.includes(r))) continue;
      const from = join(root, r);
      const link = e.isSymbolicLink() ? await readlink(from) : undefined;
      const st = await stat(from).catch(() => null);
      if (!st) continue;
      if (st.isDirectory()) {
        dirs.push(r);
        await walk(r);
      } else if (st.isFile())
        files.push(link === undefined ? { rel: r, from } : { rel: r, from, link });
    }
  }
  await walk('');
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  dirs.sort();
  return { files, dirs };
}

/**
 * The digest line of one file; the release digest is the SHA-256 of all lines in path order. A
 * link counts by where it points, not by the bytes there: those belong to another package
 * (ca-certificates, libjs-underscore…) whose updates must not make the release look tampered.
 */
export const digestLine = (f: Pick<ReleaseFile, 'rel' | 'link'>, content: Uint8Array) =>
  f.link === undefined
    ? `${f.rel}\0${createHash('sha256').update(content).digest('hex')}\n`
    : `${f.rel}\0link:${f.link}\n`;

/**
 * The checksum of a release tree as the catalogue records it. To record one for a new source:
 * `npx node apps/server/src/platform/webapp-files/tree-digest.ts /usr/share/wordpress wp-config.php .htaccess wp-content/languages`
 */
export async function treeDigest(
  root: string,
  exclude: readonly string[],
  only?: readonly string[],
): Promise<string> {
  const { files } = await releaseFiles(root, exclude, only);
  const hash = createHash('sha256');
  for (const f of files) hash.update(digestLine(f, await readFile(f.from)));
  return hash.digest('hex');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Arguments: root, then excluded paths; `+name` takes only that top-level entry.
  const [root, ...rest] = process.argv.slice(2);
  const only = rest.filter((a) => a.startsWith('+')).map((a) => a.slice(1));
  const exclude = rest.filter((a) => !a.startsWith('+'));
  if (root)
    process.stdout.write(`${await treeDigest(root, exclude, only.length ? only : undefined)}\n`);
}
