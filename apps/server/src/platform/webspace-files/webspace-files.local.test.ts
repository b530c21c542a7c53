import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryWebspace } from '../webspace/webspace.local.ts';
import { createLocalWebspaceFiles } from './webspace-files.local.ts';
import type { WebspaceFiles } from './webspace-files.port.ts';
import { reason } from '../../../test/support/files-reason.ts';

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

describe('local webspace files', () => {
  const domain = 'files.example';
  let root: string;
  let home: string;
  let outside: string;
  let files: WebspaceFiles;
  let state: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'haven-files-'));
    const webspace = createDirectoryWebspace(join(root, 'homes'));
    home = await webspace.ensureHome(domain);
    files = createLocalWebspaceFiles(webspace);
    outside = join(root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await writeFile(join(home, 'httpdocs/a.txt'), 'A');
    await symlink(outside, join(home, 'httpdocs/out'));
    await symlink(join(home, 'private'), join(home, 'httpdocs/priv'));
    state = join(root, 'homes', '.haven-state', domain);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('answers unavailable for a domain without a home, and typed failures for bad paths', async () => {
    expect(await reason(files.list('nohome.example', '/'))).toBe('unavailable');
    expect(await reason(files.list(domain, '/../x'))).toBe('invalid_path');
    expect(await reason(files.list(domain, '/nope'))).toBe('not_found');
    expect(await reason(files.list(domain, '/httpdocs/a.txt'))).toBe('not_a_directory');
    expect(await reason(files.list(domain, '/httpdocs/out'))).toBe('link_refused');
  });

  it('stats without following a link unless asked, and never follows one out', async () => {
    expect(await files.stat(domain, '/httpdocs/missing')).toBeNull();
    expect(await files.stat(domain, '/httpdocs/priv')).toMatchObject({
      type: 'link',
      path: '/httpdocs/priv',
    });
    expect(await files.stat(domain, '/httpdocs/priv', { follow: true })).toMatchObject({
      type: 'directory',
      path: '/private',
      realPath: '/private',
    });
    expect(await files.stat(domain, '/httpdocs/priv/x')).toBeNull();
    expect(await reason(files.stat(domain, '/httpdocs/out', { follow: true }))).toBe(
      'link_refused',
    );
    expect(await files.stat(domain, '/httpdocs/out')).toMatchObject({ type: 'link' });
  });

  it('lists a folder with its links described and Haven’s folder hidden', async () => {
    const top = await files.list(domain, '/');
    expect(top.entries.map((e) => e.name).sort()).toEqual([
      'httpdocs',
      'logs',
      'private',
      'subdomains',
    ]);
    const docs = await files.list(domain, '/httpdocs');
    expect(docs.entries.find((e) => e.name === 'out')).toMatchObject({
      type: 'link',
      linkTarget: 'outside',
    });
    expect(docs.entries.find((e) => e.name === 'priv')).toMatchObject({
      type: 'link',
      linkTarget: 'directory',
    });
    expect(docs.entries.find((e) => e.name === 'a.txt')).toMatchObject({
      type: 'file',
      size: 1,
      path: '/httpdocs/a.txt',
    });
  });

  it('walks depth first and stops when the loop breaks', async () => {
    await mkdir(join(home, 'httpdocs/w/x/y'), { recursive: true });
    await writeFile(join(home, 'httpdocs/w/x/y/deep.txt'), 'deep');
    const all: string[] = [];
    for await (const e of files.walk(domain, '/')) all.push(e.path);
    expect(all).toContain('/httpdocs/w/x/y/deep.txt');
    expect(all.some((p) => p.startsWith('/httpdocs/out/'))).toBe(false);
    let seen = 0;
    for await (const _ of files.walk(domain, '/httpdocs')) if ((seen += 1) === 2) break;
    expect(seen).toBe(2);
    expect(await files.size(domain, '/httpdocs/w')).toBe(4);
    expect(await files.size(domain, '/httpdocs/a.txt')).toBe(1);
  });

  it('creates entries, never over existing ones; `.haven` is an ordinary name now', async () => {
    expect(await files.createFile(domain, '/httpdocs', 'new.txt')).toBe('/httpdocs/new.txt');
    expect((await stat(join(home, 'httpdocs/new.txt'))).mode & 0o777).toBe(0o644);
    expect(await reason(files.createFile(domain, '/httpdocs', 'new.txt'))).toBe('exists');
    expect(await files.createFolder(domain, '/httpdocs/priv', 'made')).toBe('/private/made');
    expect((await stat(join(home, 'private/made'))).mode & 0o777).toBe(0o755);
    expect(await files.createFolder(domain, '/', '.haven')).toBe('/.haven');
    expect(await reason(files.createFile(domain, '/httpdocs/out', 'planted.txt'))).toBe(
      'link_refused',
    );
    expect(await files.ensureFolders(domain, '/httpdocs', ['e1', 'e2'])).toBe('/httpdocs/e1/e2');
    expect(await files.ensureFolders(domain, '/', ['.haven', 'tmp'])).toBe('/.haven/tmp');
    expect((await files.list(domain, '/')).entries.map((e) => e.name)).toContain('.haven');
    expect(await reason(files.ensureFolders(domain, '/httpdocs', ['a.txt', 'x']))).toBe(
      'not_a_directory',
    );
  });

  it('moves and copies (links as links, trees whole), chmods, never through a link', async () => {
    await writeFile(join(home, 'httpdocs/m.txt'), 'M');
    expect(await files.move(domain, '/httpdocs/m.txt', '/private', 'm2.txt')).toBe(
      '/private/m2.txt',
    );
    expect(await reason(files.move(domain, '/private/m2.txt', '/httpdocs', 'a.txt'))).toBe(
      'exists',
    );
    expect(await files.copy(domain, '/httpdocs/w', '/private', 'w-copy')).toBe('/private/w-copy');
    expect(await readFile(join(home, 'private/w-copy/x/y/deep.txt'), 'utf8')).toBe('deep');
    // A link is copied as a link only when it still leads inside the home from its new place.
    expect(await reason(files.copy(domain, '/httpdocs/out', '/private', 'out-copy'))).toBe(
      'link_refused',
    );
    await expect(lstat(join(home, 'private/out-copy'))).rejects.toThrow();
    await symlink('../httpdocs/a.txt', join(home, 'private/in'));
    expect(await files.copy(domain, '/private/in', '/private', 'in-copy')).toBe('/private/in-copy');
    expect((await lstat(join(home, 'private/in-copy'))).isSymbolicLink()).toBe(true);
    expect(await reason(files.copy(domain, '/httpdocs/w', '/httpdocs/w/x', 'again'))).toBe(
      'invalid_path',
    );
    await chmod(join(home, 'httpdocs/w/x/y/deep.txt'), 0o000);
    if (process.getuid?.() !== 0) {
      expect(await reason(files.copy(domain, '/httpdocs/w', '/private', 'w-broken'))).not.toBe(
        'ok',
      );
      expect(await readdir(join(home, 'private'))).not.toContain('w-broken');
    }
    await files.chmod(domain, '/httpdocs/w/x/y/deep.txt', 0o640);
    expect((await stat(join(home, 'httpdocs/w/x/y/deep.txt'))).mode & 0o777).toBe(0o640);
    expect(await reason(files.chmod(domain, '/httpdocs/out', 0o777))).toBe('link_refused');
    expect((await stat(outside)).mode & 0o777).not.toBe(0o777);
  });

  it('reads within a limit, writes atomically, and a failing source leaves nothing', async () => {
    expect((await files.readFile(domain, '/httpdocs/a.txt', 10)).toString()).toBe('A');
    expect(await reason(files.readFile(domain, '/httpdocs/a.txt', 0))).toBe('too_large');
    expect(await reason(files.readFile(domain, '/httpdocs/out/secret.txt', 10))).toBe(
      'invalid_path',
    );
    expect(await reason(files.readFile(domain, '/httpdocs/out', 10))).toBe('link_refused');
    expect(await files.writeFile(domain, '/httpdocs/up.txt', chunks('a', 'b'))).toBe(
      '/httpdocs/up.txt',
    );
    expect(await readFile(join(home, 'httpdocs/up.txt'), 'utf8')).toBe('ab');
    await chmod(join(home, 'httpdocs/up.txt'), 0o600);
    await files.writeFile(domain, '/httpdocs/up.txt', Buffer.from('kept'), {
      keepMode: true,
      sync: true,
    });
    expect((await stat(join(home, 'httpdocs/up.txt'))).mode & 0o777).toBe(0o600);
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('half');
      throw new Error('client went away');
    }
    expect(await reason(files.writeFile(domain, '/httpdocs/up.txt', failing()))).toBe(
      'Error: client went away',
    );
    expect(await readFile(join(home, 'httpdocs/up.txt'), 'utf8')).toBe('kept');
    expect(await readdir(join(state, 'tmp'))).toEqual([]);
    expect(await reason(files.writeFile(domain, '/httpdocs/out/x.txt', Buffer.from('x')))).toBe(
      'invalid_path',
    );
    expect(await reason(files.writeFile(domain, '/httpdocs/w', Buffer.from('x')))).toBe(
      'not_a_file',
    );
    const read = await files.openRead(domain, '/httpdocs/up.txt');
    expect(read).toMatchObject({ size: 4, name: 'up.txt' });
    read.stream.destroy();
  });

  it('keeps the trash outside the home: in, back (never over an entry), and out for good', async () => {
    await writeFile(join(home, 'httpdocs/t.txt'), 'T');
    await files.moveToTrash(domain, '/httpdocs/t.txt', 'id-1');
    expect(await files.inTrash(domain, 'id-1')).toBe(true);
    expect(await readFile(join(state, 'trash/id-1'), 'utf8')).toBe('T');
    expect((await lstat(join(root, 'homes/.haven-state'))).mode & 0o777).toBe(0o700);
    expect((await lstat(state)).mode & 0o777).toBe(0o700);
    expect(await files.stat(domain, '/httpdocs/t.txt')).toBeNull();
    await writeFile(join(home, 'httpdocs/t.txt'), 'new');
    expect(await reason(files.restoreFromTrash(domain, 'id-1', '/httpdocs', 't.txt'))).toBe(
      'exists',
    );
    expect(await files.restoreFromTrash(domain, 'id-1', '/httpdocs', 't (restored).txt')).toBe(
      '/httpdocs/t (restored).txt',
    );
    expect(await files.inTrash(domain, 'id-1')).toBe(false);
    await files.moveToTrash(domain, '/httpdocs/t.txt', 'id-2');
    await files.removeFromTrash(domain, 'id-2');
    await files.removeFromTrash(domain, 'id-2');
    expect(await files.inTrash(domain, 'id-2')).toBe(false);
    expect(await reason(files.moveToTrash(domain, '/httpdocs/a.txt', '../escape'))).toBe(
      'invalid_path',
    );
  });

  it('reaches the trash and temp folders through no customer path', async () => {
    await files.moveToTrash(domain, '/httpdocs/a.txt', 'id-3');
    // What a customer's PHP or FTP client could make: links from the home to the state folder.
    await symlink(state, join(home, 'httpdocs/st'));
    await symlink(join(state, 'trash/id-3'), join(home, 'httpdocs/st-file'));
    await symlink('../../.haven-state', join(home, 'st-root'));
    expect(await reason(files.list(domain, '/httpdocs/st'))).toBe('link_refused');
    expect(await reason(files.list(domain, '/httpdocs/st/trash'))).toBe('invalid_path');
    expect(await reason(files.readFile(domain, '/httpdocs/st-file', 100))).toBe('link_refused');
    expect(await reason(files.openRead(domain, '/httpdocs/st/trash/id-3'))).toBe('invalid_path');
    expect(await reason(files.list(domain, '/st-root'))).toBe('link_refused');
    expect(await reason(files.copy(domain, '/httpdocs/st-file', '/httpdocs', 'c'))).not.toBe('ok');
    expect(await reason(files.writeFile(domain, '/httpdocs/st/tmp/x', Buffer.from('x')))).toBe(
      'invalid_path',
    );
    expect(await files.inTrash(domain, 'id-3')).toBe(true);
    await files.restoreFromTrash(domain, 'id-3', '/httpdocs', 'a.txt');
  });

  it('moves an older `<home>/.haven` to the state folder, keeping trash ids and customer files', async () => {
    const webspace = createDirectoryWebspace(join(root, 'homes'));
    const old = await webspace.ensureHome('legacy.example');
    const id = '0b6c1f64-5a51-4c2e-9a43-3d5f0f1b2c3d';
    await mkdir(join(old, '.haven/trash', id), { recursive: true });
    await writeFile(join(old, '.haven/trash', id, 'kept.txt'), 'kept');
    await mkdir(join(old, '.haven/tmp'));
    await writeFile(join(old, '.haven/tmp', `${id}.part`), 'stale');
    const fresh = createLocalWebspaceFiles(webspace);
    expect(await fresh.inTrash('legacy.example', id)).toBe(true);
    expect(await lstat(join(old, '.haven')).catch(() => null)).toBeNull();
    expect(await fresh.restoreFromTrash('legacy.example', id, '/httpdocs', 'back')).toBe(
      '/httpdocs/back',
    );
    expect(await readFile(join(old, 'httpdocs/back/kept.txt'), 'utf8')).toBe('kept');
    // Once done it is never done again (a restart is a new instance): what the customer puts
    // in a `.haven` of their own stays theirs, whatever its names.
    await mkdir(join(old, '.haven/trash', id), { recursive: true });
    await mkdir(join(old, '.haven/tmp'), { recursive: true });
    await writeFile(join(old, '.haven/tmp', `${id}.part`), 'mine');
    const again = createLocalWebspaceFiles(webspace);
    expect((await again.list('legacy.example', '/.haven/tmp')).entries.map((e) => e.name)).toEqual([
      `${id}.part`,
    ]);
    expect(
      (await again.list('legacy.example', '/.haven/trash')).entries.map((e) => e.name),
    ).toEqual([id]);
  });
});
