import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { treeDigest } from './tree-digest.ts';

describe('treeDigest', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-digest-'));
    await mkdir(join(dir, 'app', 'inc'), { recursive: true });
    await mkdir(join(dir, 'shared'));
    await writeFile(join(dir, 'app', 'index.php'), '<?php echo 1;');
    await writeFile(join(dir, 'shared', 'bundle.crt'), 'certs v1');
    await symlink(join(dir, 'shared', 'bundle.crt'), join(dir, 'app', 'inc', 'bundle.crt'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("changes with the release's own files", async () => {
    const before = await treeDigest(join(dir, 'app'), []);
    await writeFile(join(dir, 'app', 'index.php'), '<?php echo 2;');
    expect(await treeDigest(join(dir, 'app'), [])).not.toBe(before);
  });

  it('stays when a linked file of another package is updated, not when the link moves', async () => {
    const before = await treeDigest(join(dir, 'app'), []);
    await writeFile(join(dir, 'shared', 'bundle.crt'), 'certs v2 after a security update');
    expect(await treeDigest(join(dir, 'app'), [])).toBe(before);
    await rm(join(dir, 'app', 'inc', 'bundle.crt'));
    await symlink('/etc/passwd', join(dir, 'app', 'inc', 'bundle.crt'));
    expect(await treeDigest(join(dir, 'app'), [])).not.toBe(before);
  });
});
