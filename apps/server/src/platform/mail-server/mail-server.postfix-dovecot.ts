import { access, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import type { MailLayout } from './layout.ts';
import { checkAddress, renderMaps, renderPasswd } from './mail-maps.ts';
import { MailServerError, type MailServer, type MailState } from './mail-server.port.ts';
import { ensureMailRoot, passwdOwner, vmailIds, type Vmail } from './vmail.ts';

export interface PostfixDovecotOptions {
  layout: MailLayout;
  log: (message: string) => void;
  /** Whether to run `postfix reload` after a change (off when no Postfix runs, e.g. unit tests). */
  reload?: boolean;
}

const MAPS = ['domains', 'mailboxes', 'aliases'] as const;

/**
 * Postfix (virtual domains, mailboxes and aliases as hash tables) and Dovecot (a passwd-file with
 * argon2id hashes and per-mailbox quota; Maildirs under the mail root). Each table is rendered to
 * `<name>.next`, built by `postmap` (which refuses a malformed table) and only then renamed over
 * the live one; the passwd-file is replaced atomically (Dovecot re-reads it when it changes).
 * Changes are applied one at a time, in call order.
 */
export function postfixDovecotMailServer(options: PostfixDovecotOptions): MailServer {
  const { layout, log } = options;
  if (/[:\s]/.test(layout.mailRoot))
    throw new MailServerError('invalid', 'the mail root may not contain ":" or spaces');
  let queue: Promise<unknown> = Promise.resolve();
  let ids: Promise<Vmail> | undefined;
  const vmail = () => (ids ??= vmailIds(layout.vmailUser));
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const home = (address: string) => {
    const { local, domain } = checkAddress(address);
    return join(layout.mailRoot, domain, local);
  };

  /**
   * Postfix's config dir when the node's Postfix has one; else (its services off: tests, a panel
   * without the node) the system's defaults, which is all `postmap` reads of it.
   */
  const configArgs = async () =>
    (await access(join(layout.postfixDir, 'main.cf')).then(
      () => true,
      () => false,
    ))
      ? ['-c', layout.postfixDir]
      : [];

  async function postmap(file: string): Promise<void> {
    const res = await run('postmap', [...(await configArgs()), `hash:${file}`], {
      timeoutMs: 120_000,
    });
    if (res.code !== 0)
      throw new MailServerError('check_failed', `postmap ${file}: ${res.stderr.trim()}`);
  }

  async function apply(state: MailState): Promise<void> {
    const maps = renderMaps(state);
    const ownIds = await vmail();
    const passwd = renderPasswd(state, { mailRoot: layout.mailRoot, ...ownIds });
    await mkdir(layout.mapsDir, { recursive: true, mode: 0o755 });
    await ensureMailRoot(layout.mailRoot, ownIds);
    const staged = MAPS.map((name) => ({
      live: join(layout.mapsDir, name),
      next: join(layout.mapsDir, `${name}.next`),
    }));
    try {
      await Promise.all(
        staged.map(async (m, i) => {
          await writeFileAtomic(m.next, maps[MAPS[i]!], 0o644);
          await postmap(m.next);
        }),
      );
    } catch (error) {
      await Promise.all(staged.map((m) => rm(m.next, { force: true })));
      await Promise.all(staged.map((m) => rm(`${m.next}.db`, { force: true })));
      throw error;
    }
    // All three built: now swap them in (the .db first: it is what Postfix reads).
    for (const m of staged) {
      await rename(`${m.next}.db`, `${m.live}.db`);
      await rename(m.next, m.live);
    }
    await writePasswd(layout.passwdFile, passwd);
    if (options.reload !== false && (await configArgs()).length > 0) {
      // Postfix also notices a changed table itself; the reload makes it immediate.
      const res = await run('postfix', ['-c', layout.postfixDir, 'reload'], { timeoutMs: 30_000 });
      if (res.code !== 0) log(`mail-server: postfix reload failed: ${res.stderr.trim()}`);
    }
  }

  return {
    apply: (state) => serial(() => apply(state)),

    async usage(addresses) {
      const sizes = new Map<string, number>();
      for (const address of addresses)
        sizes.set(address, await treeSize(join(home(address), 'Maildir')));
      return sizes;
    },

    removeMailbox: (address) => serial(() => rm(home(address), { recursive: true, force: true })),
  };
}

/** Bytes of the regular files under a folder (no symlinks followed); 0 when it is absent. */
async function treeSize(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += await treeSize(path);
    else if (e.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Dovecot re-reads its passwd-file (at most once a second) when the mtime, in whole seconds, or
 * the size changes: a new hash of the same length written in the same second would go unseen
 * for good, so the new file's mtime is moved past the old one's.
 */
async function writePasswd(path: string, text: string): Promise<void> {
  const before = await stat(path).catch(() => null);
  await writeFileAtomic(path, text, 0o640, await passwdOwner());
  const after = await stat(path);
  if (before && Math.floor(after.mtimeMs / 1000) <= Math.floor(before.mtimeMs / 1000)) {
    const next = Math.floor(before.mtimeMs / 1000) + 1;
    await utimes(path, after.atime, next);
  }
}
