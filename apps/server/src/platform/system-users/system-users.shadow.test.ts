import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { hasCommand, run } from '../../lib/process.ts';
import { createShadowSystemUsers } from './system-users.shadow.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const root = process.getuid?.() === 0;
const tools = await hasCommand('useradd', ['--help']);
const skip = skipWhenMissing('system users test', [!root && 'root', !tools && 'useradd']);

describe.skipIf(skip)('system users (useradd and friends, as root)', () => {
  // Machine-wide names: unique per run, removed after.
  const name = `hvu${randomBytes(3).toString('hex')}-1`;
  const users = createShadowSystemUsers();
  const comment = 'Haven users.test';
  afterAll(async () => {
    await run('userdel', [name], { timeoutMs: 10_000 });
    await run('groupdel', [name], { timeoutMs: 10_000 });
  });

  it('makes a user and its group once, with the web account in the group', async () => {
    const first = await users.ensure(name, {
      home: '/nonexistent',
      comment,
      members: ['www-data'],
    });
    expect(first.created).toBe(true);
    expect(first.account).toMatchObject({ user: name, group: name });
    const again = await users.ensure(name, {
      home: '/nonexistent',
      comment,
      members: ['www-data'],
    });
    expect(again).toEqual({ account: first.account, created: false });
    expect(await users.find(name)).toEqual(first.account);
    const group = await run('getent', ['group', name], { timeoutMs: 5000 });
    expect(group.stdout.trim().split(':')[3]?.split(',')).toContain('www-data');
    const passwd = await run('getent', ['passwd', name], { timeoutMs: 5000 });
    expect(passwd.stdout.trim().split(':').slice(4)).toEqual([
      comment,
      '/nonexistent',
      '/usr/sbin/nologin',
    ]);
  });

  it('makes a user once when two processes ask at the same time', async () => {
    const other = `${name}x`;
    const opts = { home: '/nonexistent', comment, members: ['www-data'] };
    try {
      const both = await Promise.all([
        createShadowSystemUsers().ensure(other, opts),
        createShadowSystemUsers().ensure(other, opts),
      ]);
      // useradd's lock makes the second wait; both then see the same single account.
      expect(both[0].account).toEqual(both[1].account);
      const lines = (await readFile('/etc/passwd', 'utf8')).split('\n');
      expect(lines.filter((l) => l.startsWith(`${other}:`))).toHaveLength(1);
    } finally {
      await users.remove(other, comment);
    }
  });

  it('never adopts or removes a user Haven did not make', async () => {
    await expect(
      users.ensure('www-data', { home: '/var/www', comment, members: [] }),
    ).rejects.toThrow(/not Haven's/);
    expect(await users.remove('www-data', comment)).toBe(false);
    expect(await users.find('www-data')).not.toBeNull();
  });

  it('refuses names it would not generate', async () => {
    for (const bad of ['-rf', 'a b', 'x;id', 'A1', '1abc', `${'a'.repeat(33)}`])
      await expect(users.find(bad)).rejects.toThrow(/not a system user name/);
  });

  it('removes the user and its group', async () => {
    expect(await users.remove(name, comment)).toBe(true);
    expect(await users.find(name)).toBeNull();
    expect((await run('getent', ['group', name], { timeoutMs: 5000 })).code).not.toBe(0);
    expect(await users.remove(name, comment)).toBe(false);
  });
});
