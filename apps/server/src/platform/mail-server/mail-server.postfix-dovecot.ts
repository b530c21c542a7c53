import { access, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import type { MailLayout } from './layout.ts';
import { changedDomains } from './mail-diff.ts';
import { afterDovecotSync, liveTable, stagePasswd, swapPasswd } from './mail-files.ts';
import { checkAddress, renderMaps, renderPasswd } from './mail-maps.ts';
import {
  MailServerError,
  type MailChange,
  type MailServer,
  type MailState,
} from './mail-server.port.ts';
import { reloadPostfix } from './postfix-reload.ts';
import { ensureMailRoot, vmailIds, type Vmail } from './vmail.ts';
import { messageSource, recentMessages } from './maildir-messages.ts';

export interface PostfixDovecotOptions {
  layout: MailLayout;
  log: (message: string) => void;
  /** Whether to run `postfix reload` after the domains table changed (off: no Postfix runs). */
  reload?: boolean;
}

const MAPS = ['domains', 'mailboxes', 'aliases', 'transport'] as const;

/**
 * Postfix (virtual domains, mailboxes and aliases as hash tables) and Dovecot (a passwd-file with
 * argon2id hashes and per-mailbox quota; Maildirs under the mail root). Each table whose text
 * differs from the live one is rendered to `<name>.next`, built by `postmap` (which refuses a
 * malformed table) and only then renamed over the live one; a changed passwd-file is replaced
 * atomically (Dovecot re-reads it when it changes). Postfix is reloaded only when the domains
 * table changed.
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

  /** Whether a Dovecot reads the passwd-file here (its config exists; not in API tests). */
  const dovecotRuns = () =>
    access(layout.dovecotConf).then(
      () => true,
      () => false,
    );

  async function postmap(file: string): Promise<void> {
    const res = await run('postmap', [...(await configArgs()), `hash:${file}`], {
      timeoutMs: 120_000,
    });
    if (res.code !== 0)
      throw new MailServerError('check_failed', `postmap ${file}: ${res.stderr.trim()}`);
  }

  /**
   * The panel and the `haven` CLI (a domain added by the operator) both apply: the staged
   * `.next` files are shared, so one apply at a time across processes (a lock directory beside
   * the maps; e2e saw one process's `transport.next` renamed away under the other's postmap).
   */
  async function locked<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(layout.mapsDir, { recursive: true, mode: 0o755 });
    const release = await lock(layout.mapsDir, {
      lockfilePath: join(layout.mapsDir, '.apply.lock'),
      realpath: false,
      stale: 30_000,
      retries: { retries: 600, minTimeout: 50, maxTimeout: 200 },
    });
    try {
      return await work();
    } finally {
      await release();
    }
  }

  async function apply(state: MailState): Promise<MailChange[]> {
    const maps = renderMaps(state);
    const ownIds = await vmail();
    const passwd = renderPasswd(state, { mailRoot: layout.mailRoot, ...ownIds });
    await mkdir(layout.mapsDir, { recursive: true, mode: 0o755 });
    await ensureMailRoot(layout.mailRoot, ownIds);
    // Only the tables whose text differs from the live one (or that have no .db) are rebuilt.
    const staged = (
      await Promise.all(
        MAPS.map(async (name) => {
          const live = join(layout.mapsDir, name);
          return { name, live, next: `${live}.next`, before: await liveTable(live) };
        }),
      )
    ).filter((m) => m.before !== maps[m.name]);
    const oldPasswd = await readFile(layout.passwdFile, 'utf8').catch(() => null);
    const passwdChanged = oldPasswd !== passwd;
    try {
      await Promise.all([
        ...staged.map(async (m) => {
          await writeFileAtomic(m.next, maps[m.name], 0o644);
          await postmap(m.next);
        }),
        passwdChanged ? stagePasswd(layout.passwdFile, passwd) : undefined,
      ]);
    } catch (error) {
      const files = staged.flatMap((m) => [m.next, `${m.next}.db`]);
      await Promise.all([...files, `${layout.passwdFile}.next`].map((f) => rm(f, { force: true })));
      throw error;
    }
    // All built: now swap them in (the .db first: it is what Postfix reads).
    for (const m of staged) {
      await rename(`${m.next}.db`, `${m.live}.db`);
      await rename(m.next, m.live);
    }
    // Dovecot re-reads the passwd-file on change: a new mailbox or password needs no reload.
    if (passwdChanged) {
      await swapPasswd(layout.passwdFile);
      if (await dovecotRuns()) await afterDovecotSync();
    }
    // A Postfix process that notices a changed hash table ends before its next client (Postfix's
    // DATABASE_README), so smtpd and cleanup take a new mailbox, alias or catch-all without a
    // reload. The domains and transport tables are read by trivial-rewrite, which keeps its
    // clients (and qmgr its answers): those two are made immediate by a reload that answers once
    // the old daemons have ended (a new list's address is routed to the expander at once).
    const resolverTables = staged.some((m) => m.name === 'domains' || m.name === 'transport');
    if (resolverTables && options.reload !== false && (await configArgs()).length > 0)
      await reloadPostfix(layout.postfixDir, log);
    const changes: MailChange[] = staged.map((m) => ({
      file: m.name,
      domains: changedDomains(m.before, maps[m.name], ' '),
    }));
    if (passwdChanged)
      changes.push({ file: 'passwd', domains: changedDomains(oldPasswd, passwd, ':') });
    return changes;
  }

  return {
    apply: (state) =>
      serial(() => locked(async () => apply(typeof state === 'function' ? await state() : state))),

    async usage(addresses) {
      const sizes = new Map<string, number>();
      for (const address of addresses)
        sizes.set(address, await treeSize(join(home(address), 'Maildir')));
      return sizes;
    },

    removeMailbox: (address) => serial(() => rm(home(address), { recursive: true, force: true })),
    recentMessages: (address, limit) => recentMessages(join(home(address), 'Maildir'), limit),
    messageSource: (address, id, maxBytes) =>
      messageSource(join(home(address), 'Maildir'), id, maxBytes),
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
