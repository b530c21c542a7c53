import { lchown, lstat, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { pureFtpdLine } from '../web-server/escape.ts';
import type { FtpAccount, FtpDifferences, FtpServer } from './ftp.port.ts';
import { createInTurn } from '../../lib/in-turn.ts';

export interface PureFtpdOptions {
  /** The passwd file Haven keeps (the source), and the puredb pure-ftpd reads (`-l puredb:<pdb>`). */
  passwdFile: string;
  pdbFile: string;
  /** The system user a virtual account acts as when its domain has no account of its own. */
  uid: number;
  gid: number;
  log: (message: string) => void;
}

/**
 * pure-ftpd virtual users: one line per account in a passwd file, compiled to a puredb with
 * `pure-pw mkdb` (pure-ftpd reads the new db at the next login, no restart).
 */
export function createPureFtpd(options: PureFtpdOptions): FtpServer {
  const { passwdFile, pdbFile, uid, gid, log } = options;
  const serialize = createInTurn();

  async function lines(): Promise<string[]> {
    const text = await readFile(passwdFile, 'utf8').catch(() => '');
    return text.split('\n').filter((l) => l.length > 0);
  }

  async function save(next: string[]): Promise<void> {
    await mkdir(dirname(passwdFile), { recursive: true, mode: 0o700 });
    await writeFileAtomic(passwdFile, next.map((l) => `${l}\n`).join(''), 0o600);
    await mkdb();
  }

  /** Compiles the passwd file into the puredb pure-ftpd reads; false when pure-pw is missing. */
  async function mkdb(): Promise<boolean> {
    let res;
    try {
      res = await run('pure-pw', ['mkdb', pdbFile, '-f', passwdFile], { timeoutMs: 30_000 });
    } catch {
      log('ftp: pure-pw not found; the passwd file was written, the puredb was not');
      return false;
    }
    if (res.code !== 0) throw new Error(`pure-pw mkdb failed: ${res.stderr.trim()}`);
    return true;
  }

  const lineOf = (a: FtpAccount) =>
    pureFtpdLine(a.login, a.hash, a.owner?.uid ?? uid, a.owner?.gid ?? gid, a.home);
  const loginOf = (line: string) => line.slice(0, line.indexOf(':'));
  // pure-ftpd's format: login:hash:uid:gid:gecos:home/./:... (the `/./` chroots the account).
  const homeOf = (line: string) => (line.split(':')[5] ?? '').replace(/\/\.\/$/, '');

  /** The puredb is missing or older than the passwd file (someone removed or edited it). */
  async function staleDb(): Promise<boolean> {
    const [db, src] = await Promise.all([
      stat(pdbFile).catch(() => null),
      stat(passwdFile).catch(() => null),
    ]);
    return src !== null && (db === null || db.mtimeMs < src.mtimeMs);
  }

  return {
    ensureAccount: (account) =>
      serialize(async () => {
        const line = lineOf(account);
        const current = await lines();
        const next = current.filter((l) => loginOf(l) !== account.login);
        next.push(line);
        if (next.join('\n') !== current.join('\n')) await save(next);
      }),

    removeAccount: (login) =>
      serialize(async () => {
        const current = await lines();
        const next = current.filter((l) => loginOf(l) !== login);
        if (next.length !== current.length) await save(next);
      }),

    reconcileAccounts: (accounts, under) =>
      serialize(async (): Promise<FtpDifferences> => {
        const inside = (home: string) => home === under || home.startsWith(`${under}/`);
        const wanted = new Map(accounts.map((a) => [a.login, lineOf(a)]));
        const current = await lines();
        const had = new Map(current.map((l) => [loginOf(l), l]));
        const out: FtpDifferences = { added: [], rewritten: [], removed: [], rebuilt: false };
        const next = current.filter((l) => {
          const login = loginOf(l);
          if (wanted.has(login) || !inside(homeOf(l))) return true;
          out.removed.push(login);
          return false;
        });
        for (const [login, line] of wanted) {
          const before = had.get(login);
          if (before === line) continue;
          (before === undefined ? out.added : out.rewritten).push(login);
          const at = next.findIndex((l) => loginOf(l) === login);
          if (at >= 0) next[at] = line;
          else next.push(line);
        }
        if (out.added.length + out.rewritten.length + out.removed.length > 0) await save(next);
        else if (await staleDb()) out.rebuilt = await mkdb();
        return out;
      }),

    async grant(path, owner) {
      const info = await lstat(path);
      if (!info.isDirectory()) throw new Error(`not a folder: ${path}`);
      const to = owner ?? { uid, gid };
      // Only root can give a folder away; a panel run as a normal user owns it already.
      if (process.getuid?.() === 0 && (info.uid !== to.uid || info.gid !== to.gid))
        await lchown(path, to.uid, to.gid);
    },
  };
}
