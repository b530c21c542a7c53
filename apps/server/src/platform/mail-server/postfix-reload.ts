import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../lib/process.ts';

/**
 * The Postfix daemons that keep their clients and so their open tables: trivial-rewrite
 * resolves every address (the domains and transport tables) for smtpd, cleanup and qmgr over
 * long-lived connections, and qmgr keeps its last answers. Unlike smtpd and cleanup, which end
 * before their next client once a table changed, they go on with the old tables until restarted.
 */
const LONG_LIVED = new Set(['trivial-rewrite', 'qmgr']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The running master's pid, from `<queue_directory>/pid/master.pid`; null when none runs. */
async function masterPid(postfixDir: string): Promise<number | null> {
  const res = await run('postconf', ['-c', postfixDir, '-h', 'queue_directory'], {
    timeoutMs: 10_000,
  });
  if (res.code !== 0) return null;
  const text = await readFile(join(res.stdout.trim(), 'pid', 'master.pid'), 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 1 ? pid : null;
}

/** `/proc/<pid>/stat`: name, state and parent; null once the process is gone. */
async function procStat(pid: number) {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  const close = text.lastIndexOf(')');
  const [state, ppid] = text.slice(close + 2).split(' ');
  return { name: text.slice(text.indexOf('(') + 1, close), state, ppid: Number(ppid) };
}

/** The master's trivial-rewrite and qmgr processes (Linux /proc; none elsewhere). */
async function longLivedChildren(master: number): Promise<number[]> {
  const pids = (await readdir('/proc').catch(() => [])).filter((d) => /^[0-9]+$/.test(d));
  const found: number[] = [];
  for (const pid of pids.map(Number)) {
    const s = await procStat(pid);
    if (s && s.ppid === master && LONG_LIVED.has(s.name)) found.push(pid);
  }
  return found;
}

const gone = async (pid: number) => {
  const s = await procStat(pid);
  return s === null || s.state === 'Z';
};

/**
 * `postfix reload`, answered only once the daemons that had the old tables open have ended: the
 * reload itself is a signal the master handles later, so without the wait a message sent right
 * after could still be resolved with the old transport table (a new list's address would go to
 * Dovecot, which bounces it with 5.1.1). Processes started after the new tables were swapped in
 * read those, so only the ones running now are waited for.
 */
export async function reloadPostfix(
  postfixDir: string,
  log: (message: string) => void,
  timeoutMs = 15_000,
): Promise<void> {
  const master = await masterPid(postfixDir);
  const old = master ? await longLivedChildren(master) : [];
  const res = await run('postfix', ['-c', postfixDir, 'reload'], { timeoutMs: 30_000 });
  if (res.code !== 0) {
    log(`mail-server: postfix reload failed: ${res.stderr.trim()}`);
    return;
  }
  const end = Date.now() + timeoutMs;
  for (const pid of old) {
    while (!(await gone(pid))) {
      if (Date.now() > end) {
        log(`mail-server: postfix process ${pid} still runs ${timeoutMs} ms after the reload`);
        return;
      }
      await sleep(20);
    }
  }
}
