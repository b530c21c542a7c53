import { lchown, lstat, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { pureFtpdLine } from '../web-server/escape.ts';
import type { FtpServer } from './ftp.port.ts';

export interface PureFtpdOptions {
  /** The passwd file Haven keeps (the source), and the puredb pure-ftpd reads (`-l puredb:<pdb>`). */
  passwdFile: string;
  pdbFile: string;
  /** The system user every virtual account acts as. */
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
  let queue: Promise<unknown> = Promise.resolve();
  const serialize = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  async function lines(): Promise<string[]> {
    const text = await readFile(passwdFile, 'utf8').catch(() => '');
    return text.split('\n').filter((l) => l.length > 0);
  }

  async function save(next: string[]): Promise<void> {
    await mkdir(dirname(passwdFile), { recursive: true, mode: 0o700 });
    await writeFileAtomic(passwdFile, next.map((l) => `${l}\n`).join(''), 0o600);
    let res;
    try {
      res = await run('pure-pw', ['mkdb', pdbFile, '-f', passwdFile], { timeoutMs: 30_000 });
    } catch {
      log('ftp: pure-pw not found; the passwd file was written, the puredb was not');
      return;
    }
    if (res.code !== 0) throw new Error(`pure-pw mkdb failed: ${res.stderr.trim()}`);
  }

  const loginOf = (line: string) => line.slice(0, line.indexOf(':'));

  return {
    ensureAccount: (account) =>
      serialize(async () => {
        const line = pureFtpdLine(account.login, account.hash, uid, gid, account.home);
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

    async grant(path) {
      const info = await lstat(path);
      if (!info.isDirectory()) throw new Error(`not a folder: ${path}`);
      // Only root can give a folder away; a panel run as a normal user owns it already.
      if (process.getuid?.() === 0 && (info.uid !== uid || info.gid !== gid))
        await lchown(path, uid, gid);
    },
  };
}
