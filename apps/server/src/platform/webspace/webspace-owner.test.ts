import { link, mkdir, mkdtemp, rm, stat, lstat, symlink, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SystemUsers } from '../system-users/system-users.port.ts';
import { createDirectoryWebspace } from './webspace.local.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const root = process.getuid?.() === 0;
const skip = skipWhenMissing('webspace owner test', [!root && 'root (chown)']);

// No useradd here: an existing account stands in for the domain's (the adapter has its own test).
const account = { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 };
const users: SystemUsers = {
  find: async () => account,
  ensure: async () => ({ account, created: false }),
  remove: async () => true,
};
const domain = { id: 1, name: 'voorbeeld.test' };

describe.skipIf(skip)('per-domain home ownership (webspace, as root)', () => {
  let dir: string;
  let home: string;
  let outside: string;
  const webspace = () =>
    createDirectoryWebspace(join(dir, 'homes'), { users, prefix: 'x', webUser: 'www-data' });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-owner-'));
    home = join(dir, 'homes', domain.name);
    outside = join(dir, 'outside');
    await mkdir(outside, { mode: 0o755 });
    await writeFile(join(outside, 'other.txt'), 'other');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const owner = async (path: string) => {
    const st = await lstat(path);
    return { uid: st.uid, gid: st.gid };
  };

  it('gives the home to the account, 0750, logs to root with its group, own temp folders', async () => {
    const o = await webspace().ensureOwner(domain);
    expect(o).toMatchObject({ ...account, tmp: join(home, 'tmp') });
    expect(((await stat(home)).mode & 0o777).toString(8)).toBe('750');
    expect(await owner(join(home, 'httpdocs'))).toEqual({ uid: 65534, gid: 65534 });
    expect(await owner(join(home, 'logs'))).toEqual({ uid: 0, gid: 65534 });
    expect(((await stat(join(home, 'tmp', 'sessions'))).mode & 0o777).toString(8)).toBe('700');
  });

  it('never changes what a link in the place of a standard folder points to', async () => {
    const ws = webspace();
    await ws.ensureHome(domain.name);
    for (const f of ['private', 'logs']) {
      await rm(join(home, f), { recursive: true });
      await symlink(outside, join(home, f));
    }
    await symlink(outside, join(home, 'tmp'));
    await ws.repairOwner(domain);
    const st = await stat(outside);
    expect({ uid: st.uid, gid: st.gid, mode: st.mode & 0o777 }).toEqual({
      uid: 0,
      gid: 0,
      mode: 0o755,
    });
    expect(await owner(join(outside, 'other.txt'))).toEqual({ uid: 0, gid: 0 });
    // Haven's own folders are real folders again; the customer's `private` link stays a link.
    expect((await lstat(join(home, 'tmp'))).isDirectory()).toBe(true);
    expect((await lstat(join(home, 'logs'))).isDirectory()).toBe(true);
    expect((await lstat(join(home, 'private'))).isSymbolicLink()).toBe(true);
  });

  it('repairs ownership below the home, but not through links nor of shared hard links', async () => {
    const ws = webspace();
    await ws.ensureHome(domain.name);
    await mkdir(join(home, 'httpdocs', 'deep', 'er'), { recursive: true });
    await writeFile(join(home, 'httpdocs', 'deep', 'er', 'a.html'), 'a');
    await symlink(outside, join(home, 'httpdocs', 'out'));
    await link(join(outside, 'other.txt'), join(home, 'httpdocs', 'hard.txt'));
    await chmod(home, 0o755);
    const { differences: texts, made } = await ws.repairOwner(domain);
    expect(made).toBe(false);
    expect(texts).toContain(`home of ${domain.name} closed to other users (0750)`);
    expect(texts).toContain(
      `1 files with more than one hard link in the home of ${domain.name} left to their owner`,
    );
    expect(await owner(join(home, 'httpdocs', 'deep', 'er', 'a.html'))).toEqual({
      uid: 65534,
      gid: 65534,
    });
    expect(await owner(join(home, 'httpdocs', 'out'))).toEqual({ uid: 65534, gid: 65534 });
    expect(await owner(join(outside, 'other.txt'))).toEqual({ uid: 0, gid: 0 });
    expect(await owner(outside)).toEqual({ uid: 0, gid: 0 });
    expect(texts.filter((t) => t.includes('given to'))).toHaveLength(1);
    expect(await ws.repairOwner(domain)).toEqual({
      differences: [
        `1 files with more than one hard link in the home of ${domain.name} left to their owner`,
      ],
      made: false,
    });
  });
});
