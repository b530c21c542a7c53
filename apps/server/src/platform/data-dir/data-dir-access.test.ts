import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAccess } from './access-tree.ts';
import { debianAccess, secureDataDir } from './data-dir-access.ts';

const root = process.getuid?.() === 0;
const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('secureDataDir (local profile)', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('tightens a data dir an older version left open, once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-dd-'));
    // As before: readable by every account on the machine.
    await mkdir(join(dir, 'outbox'), { mode: 0o755 });
    await mkdir(join(dir, 'services', 'nginx'), { recursive: true, mode: 0o755 });
    await mkdir(join(dir, 'homes', 'a.test'), { recursive: true, mode: 0o750 });
    for (const f of ['haven.sqlite', 'haven.sqlite-wal', 'secret.key', 'services/nginx/error.log'])
      await writeFile(join(dir, f), 'x', { mode: 0o644 });
    await writeFile(join(dir, 'homes', 'a.test', 'index.html'), 'x', { mode: 0o644 });
    const outside = join(tmpdir(), `haven-dd-target-${process.pid}`);
    await writeFile(outside, 'x', { mode: 0o644 });
    await symlink(outside, join(dir, 'link'));
    await chmod(dir, 0o755);

    const changes = await secureDataDir(dir, 'local', 'www-data');
    expect(changes.length).toBeGreaterThan(0);
    expect(await mode(dir)).toBe(root ? 0o711 : 0o700);
    expect(await mode(join(dir, 'haven.sqlite'))).toBe(0o600);
    expect(await mode(join(dir, 'haven.sqlite-wal'))).toBe(0o600);
    expect(await mode(join(dir, 'secret.key'))).toBe(0o600);
    expect(await mode(join(dir, 'outbox'))).toBe(0o700);
    expect(await mode(join(dir, 'services'))).toBe(0o711);
    expect(await mode(join(dir, 'services', 'nginx'))).toBe(0o700);
    expect(await mode(join(dir, 'services', 'nginx', 'error.log'))).toBe(0o644); // behind 0700
    expect(await mode(join(dir, 'homes'))).toBe(0o711);
    // A home is its own module's (webspace): left as it was.
    expect(await mode(join(dir, 'homes', 'a.test', 'index.html'))).toBe(0o644);
    // Made before the services would make them looser: web/ reachable by the web account only.
    const web = await stat(join(dir, 'web', 'run'));
    expect(web.mode & 0o777).toBe(0o710);
    if (root) expect(web.gid).toBe(33);
    expect(await mode(join(dir, 'dns'))).toBe(0o700);
    // A link is never followed.
    expect(await mode(outside)).toBe(0o644);
    await rm(outside);

    expect(await secureDataDir(dir, 'local', 'www-data')).toEqual([]);
  });

  it('closes the debian profile’s data dir but the ACME answers nginx serves', async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-dd-'));
    await mkdir(join(dir, 'acme', '.well-known'), { recursive: true, mode: 0o755 });
    await writeFile(join(dir, 'haven.sqlite'), 'x', { mode: 0o644 });
    await mkdir(join(dir, 'helpdesk-attachments'), { mode: 0o755 });
    // Only the data dir's entry: the others are the machine's /etc folders.
    const [entry] = debianAccess(dir, { web: root ? 33 : null, postfix: null });
    if (!entry) throw new Error('no data dir entry');
    await applyAccess(entry[0], entry[1], root);
    expect(await mode(dir)).toBe(0o711);
    expect(await mode(join(dir, 'haven.sqlite'))).toBe(0o600);
    expect(await mode(join(dir, 'helpdesk-attachments'))).toBe(0o700);
    expect(await mode(join(dir, 'outbox'))).toBe(0o700);
    const acme = await stat(join(dir, 'acme'));
    expect(acme.mode & 0o777).toBe(0o750);
    if (root) expect(acme.gid).toBe(33);
    expect(await applyAccess(entry[0], entry[1], root)).toEqual([]);
  });
});
