import { constants } from 'node:fs';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  unlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confine,
  ensureDirs,
  inParent,
  isInside,
  joinRel,
  linkTarget,
  normalizeRel,
  openConfined,
  resolveLink,
  splitPath,
} from './confine.ts';

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};
const syncCode = (f: () => unknown) => code(Promise.resolve().then(f));

describe('splitPath (lexical)', () => {
  it('canonicalises harmless forms', () => {
    expect(splitPath('')).toEqual([]);
    expect(splitPath('/')).toEqual([]);
    expect(splitPath('//a//b/./c/')).toEqual(['a', 'b', 'c']);
    expect(normalizeRel('./httpdocs/')).toBe('/httpdocs');
    expect(joinRel([])).toBe('/');
  });

  it('keeps names that only look special as literal names', () => {
    expect(splitPath('/%2e%2e/%2F/...')).toEqual(['%2e%2e', '%2F', '...']);
    expect(splitPath('..a/b..')).toEqual(['..a', 'b..']);
    expect(splitPath('a\\..\\b')).toEqual(['a\\..\\b']);
  });

  it.each([
    '..',
    '/..',
    '../etc/passwd',
    'httpdocs/../../etc',
    'a/..',
    '/a/../b',
    'a\0b',
    '/etc/passwd\0.png',
    'a\nb',
    'a\rb',
    'a\x7fb',
    'x'.repeat(4097),
    `a/${'n'.repeat(256)}`,
    `é`.repeat(128),
  ])('refuses %j', async (input) => {
    expect(await syncCode(() => splitPath(input))).toBe('invalid_path');
  });

  it('refuses non-strings', async () => {
    expect(await syncCode(() => splitPath(undefined as unknown as string))).toBe('invalid_path');
  });
});

describe('isInside', () => {
  it('compares whole path components', () => {
    expect(isInside('/srv/home', '/srv/home')).toBe(true);
    expect(isInside('/srv/home', '/srv/home/a')).toBe(true);
    expect(isInside('/srv/home', '/srv/home2')).toBe(false);
    expect(isInside('/srv/home', '/srv/home2/a')).toBe(false);
    expect(isInside('/srv/home', '/srv')).toBe(false);
    expect(isInside('/srv/home', '/')).toBe(false);
    expect(isInside('/', '/anything')).toBe(true);
  });
});

describe('confine (real folders and links)', () => {
  let base: string;
  let root: string;
  let outside: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'haven-confine-'));
    root = join(base, 'home');
    outside = join(base, 'home2');
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await mkdir(outside);
    await writeFile(join(root, 'a', 'f.txt'), 'inside');
    await writeFile(join(outside, 'secret'), 'secret');
    await symlink('/etc', join(root, 'etc-link'));
    await symlink(outside, join(root, 'sibling'));
    await symlink('../home2/secret', join(root, 'rel-out'));
    await symlink('a', join(root, 'in-dir'));
    await symlink('a/f.txt', join(root, 'in-file'));
    await symlink('nowhere', join(root, 'dangling'));
    await symlink('loop2', join(root, 'loop1'));
    await symlink('loop1', join(root, 'loop2'));
    await symlink(root, join(base, 'home-link'));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('resolves ordinary paths to real paths in the root', async () => {
    const c = await confine(root, '/a/f.txt');
    expect(c).toMatchObject({
      rel: '/a/f.txt',
      name: 'f.txt',
      path: join(root, 'a', 'f.txt'),
      parent: join(root, 'a'),
    });
    expect(c.stat?.isFile()).toBe(true);
    const top = await confine(root, '/');
    expect(top).toMatchObject({ rel: '/', name: '', path: root, parent: root });
    expect(top.stat?.isDirectory()).toBe(true);
  });

  it('reports a missing last component as stat null, a missing folder as not_found', async () => {
    expect((await confine(root, '/a/new.txt')).stat).toBeNull();
    expect(await code(confine(root, '/nope/new.txt'))).toBe('not_found');
    expect(await code(confine(root, '/a/f.txt/x'))).toBe('not_a_directory');
  });

  it('never walks through a link that leads out of the root', async () => {
    expect(await code(confine(root, '/etc-link/passwd'))).toBe('invalid_path');
    expect(await code(confine(root, '/sibling/secret'))).toBe('invalid_path');
    expect(await code(confine(root, '/loop1/x'))).toBe('invalid_path');
  });

  it('shows a link as a link and refuses it for content when it points out', async () => {
    for (const name of ['etc-link', 'sibling', 'rel-out', 'dangling', 'loop1']) {
      const c = await confine(root, name);
      expect(c.stat?.isSymbolicLink(), name).toBe(true);
      expect(c.path).toBe(join(root, name));
      expect(await code(resolveLink(c)), name).toBe('link_refused');
    }
    expect(await linkTarget(root, join(root, 'etc-link'))).toBe('outside');
    expect(await linkTarget(root, join(root, 'rel-out'))).toBe('outside');
    expect(await linkTarget(root, join(root, 'dangling'))).toBe('missing');
    expect(await linkTarget(root, join(root, 'in-dir'))).toBe('directory');
    expect(await linkTarget(root, join(root, 'in-file'))).toBe('file');
  });

  it('follows links that stay inside', async () => {
    const viaDir = await confine(root, '/in-dir/f.txt');
    expect(viaDir.path).toBe(join(root, 'a', 'f.txt'));
    expect(viaDir.rel).toBe('/in-dir/f.txt');
    const file = await resolveLink(await confine(root, 'in-file'));
    expect(file.path).toBe(join(root, 'a', 'f.txt'));
    expect(file.rel).toBe('/a/f.txt');
  });

  it('works when the root itself is reached through a link', async () => {
    const c = await confine(join(base, 'home-link'), '/a/f.txt');
    expect(c.root).toBe(root);
    expect(c.path).toBe(join(root, 'a', 'f.txt'));
  });

  it('refuses array segments that smuggle separators', async () => {
    expect(await code(confine(root, ['a/..', 'x']))).toBe('invalid_path');
    expect(await code(confine(root, ['..']))).toBe('invalid_path');
    expect(await code(confine(root, ['']))).toBe('invalid_path');
  });

  it('answers not_found for a root that does not exist', async () => {
    expect(await code(confine(join(base, 'missing-home'), '/'))).toBe('not_found');
  });

  it('opens files without following a last-component link', async () => {
    const h = await openConfined(await confine(root, '/a/f.txt'), constants.O_RDONLY);
    expect((await h.readFile()).toString()).toBe('inside');
    await h.close();
    expect(await code(openConfined(await confine(root, '/etc-link'), constants.O_RDONLY))).toBe(
      'link_refused',
    );
    expect(await code(openConfined(await confine(root, '/rel-out'), constants.O_RDONLY))).toBe(
      'link_refused',
    );
  });

  it('catches a folder swapped for an outside link between check and open', async () => {
    await mkdir(join(root, 'swap'));
    await writeFile(join(root, 'swap', 'secret'), 'harmless');
    const checked = await confine(root, '/swap/secret');
    await rename(join(root, 'swap'), join(root, 'swap-old'));
    await symlink(outside, join(root, 'swap'));
    expect(await code(openConfined(checked, constants.O_RDONLY))).toBe('invalid_path');
    const write = await code(
      openConfined(
        { ...checked, path: join(root, 'swap', 'new') },
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
      ),
    );
    expect(write).toBe('invalid_path');
    expect(await readFile(join(outside, 'secret'), 'utf8')).toBe('secret');
    expect(await readdir(outside)).toEqual(['secret']);
  });

  it('changes by path act in the checked folder even after a swap (openat through /proc)', async () => {
    await mkdir(join(root, 'swap2'));
    await writeFile(join(root, 'swap2', 'victim'), 'mine');
    const checked = await confine(root, '/swap2/victim');
    await rename(join(root, 'swap2'), join(root, 'swap2-old'));
    await symlink(outside, join(root, 'swap2'));
    // The parent is now a link: opening it with O_NOFOLLOW fails, nothing outside is touched.
    expect(await code(inParent(checked, (at) => unlink(at)))).toBe('invalid_path');
    expect(await readdir(outside)).toEqual(['secret']);
    // A handle opened before the swap keeps pointing at the checked folder.
    await rm(join(root, 'swap2'));
    await rename(join(root, 'swap2-old'), join(root, 'swap2'));
    const again = await confine(root, '/swap2/victim');
    await inParent(again, async (at) => {
      await rename(join(root, 'swap2'), join(root, 'swap2-old'));
      await symlink(outside, join(root, 'swap2'));
      await chmod(join(at, '..', 'victim'), 0o600).catch(() => undefined);
      await unlink(at);
    });
    expect(await readdir(join(root, 'swap2-old'))).toEqual([]);
    expect(await readdir(outside)).toEqual(['secret']);
    expect((await lstat(join(outside, 'secret'))).mode & 0o777).not.toBe(0o600);
  });

  it('creates folders as needed and refuses links and files on the way', async () => {
    const made = await ensureDirs(await confine(root, '/a'), ['x', 'y', 'z']);
    expect(made.rel).toBe('/a/x/y/z');
    expect(made.stat?.isDirectory()).toBe(true);
    expect((await ensureDirs(await confine(root, '/a'), ['x', 'y'])).rel).toBe('/a/x/y');
    expect(await code(ensureDirs(await confine(root, '/'), ['etc-link', 'evil']))).toBe(
      'link_refused',
    );
    expect(await code(ensureDirs(await confine(root, '/a'), ['f.txt', 'sub']))).toBe(
      'not_a_directory',
    );
  });
});
