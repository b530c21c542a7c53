import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../lib/process.ts';
import { createShadowSystemUsers } from '../system-users/system-users.shadow.ts';
import type { SystemAccount } from '../system-users/system-users.port.ts';
import { createCronFiles } from './cron.files.ts';
import { CRON_LOG_DIR, type CronDomain, type CronJobPlan } from './cron.port.ts';
import type { RunRecord } from './run-spec.ts';
import { reachableByOthers } from '../../../test/support/reachable.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const CRON = '/usr/sbin/cron';
const missing = skipWhenMissing('Debian cron and setpriv tests', [
  process.getuid?.() !== 0 && 'root (useradd, crontab -u, setpriv)',
  !existsSync(CRON) && `Debian's cron (${CRON})`,
  !existsSync('/usr/bin/crontab') && 'crontab',
  !existsSync('/usr/bin/setpriv') && 'setpriv',
]);
// A deliberate skip, in CI too: the runner the domain user starts (and its Node) live in the
// checkout, which that user cannot enter inside a 0700 folder (a `mktemp -d` clone, /root).
const skip = missing
  ? 'missing tools'
  : !reachableByOthers(import.meta.dirname)
    ? 'the checkout is inside a folder other users cannot enter (e.g. mktemp -d)'
    : null;
if (skip && !missing) console.warn(`Debian cron and setpriv tests skipped: ${skip}`);

const every = { minute: '*', hour: '*', day: '*', month: '*', dayofweek: '*' };
const name = `hvcron${process.pid}`;
const comment = 'Haven cron test';
const users = createShadowSystemUsers();

/** Whether a cron daemon already runs (its pid file names a live process). */
async function cronRunning(): Promise<boolean> {
  const pid = Number((await readFile('/run/crond.pid', 'utf8').catch(() => '')).trim());
  return pid > 0 && existsSync(`/proc/${pid}`);
}

/**
 * The Debian profile for real, as root: a domain user of its own, the cron adapter in `system`
 * mode (`crontab -u`), the runner dropping to that user, and the system `cron` daemon.
 */
describe.skipIf(skip !== null)("Debian cron and the runner's drop to the domain user", () => {
  let dir = '';
  let home = '';
  let account: SystemAccount;
  let domain: CronDomain;
  let daemon: ChildProcess | undefined;
  const table = () => createCronFiles({ root: join(dir, 'cron'), mode: 'system' });

  const job = (hash: string, command: string, paused: boolean): CronJobPlan => ({
    hash,
    paused,
    schedule: every,
    cwd: home,
    argv: ['/bin/sh', '-c', command],
    log: { path: join(home, ...CRON_LOG_DIR, `${hash}.log`), append: true },
    home,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-debian-cron-'));
    await chmod(dir, 0o711); // the domain user passes through to its home and the specs
    home = join(dir, 'home');
    ({ account } = await users.ensure(name, { home, comment, members: [] }));
    // The home as the webspace hardens it: the user's, with logs/ root's (the domain group reads).
    await mkdir(join(home, 'logs'), { recursive: true });
    await chown(home, account.uid, account.gid);
    await chmod(home, 0o750);
    await chown(join(home, 'logs'), 0, account.gid);
    await chmod(join(home, 'logs'), 0o750);
    domain = { id: 1, name: 'cron.test', home, owner: account };
  });

  afterAll(async () => {
    daemon?.kill('SIGTERM');
    if (account) await run('crontab', ['-u', name, '-r']);
    await users.remove(name, comment);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const recordsOf = async (hash: string): Promise<RunRecord[]> => {
    const spooled = await table().spooled(domain);
    await table().forget(
      domain,
      spooled.map((s) => s.file),
    );
    return spooled.map((s) => s.record).filter((r) => r.hash === hash);
  };

  it('runs the job, its log and its run record as the domain user when started as root', async () => {
    const hash = 'a1'.repeat(8);
    await table().install(domain, [job(hash, 'id -u; id -g; touch mine', true)]);
    await table().runNow(domain, hash, 30_000);
    const [record] = await recordsOf(hash);
    expect(record).toMatchObject({ exit_code: 0, trigger: 'manual' });
    expect(record?.output.split('\n')).toEqual([String(account.uid), String(account.gid)]);
    const log = join(home, ...CRON_LOG_DIR, `${hash}.log`);
    for (const made of [join(home, 'mine'), log])
      expect((await lstat(made)).uid, made).toBe(account.uid);
    expect(await readFile(log, 'utf8')).toContain(String(account.uid));
  });

  it('the system cron daemon runs an every-minute job of a crontab -u within 70 s, % and all', async () => {
    const hash = 'b2'.repeat(8);
    // `%` is cron's newline on a crontab line: the command is not on it, so it reaches sh as typed.
    await table().install(domain, [job(hash, 'echo from cron; id -u; date +%s > stamp', false)]);
    const installed = await run('crontab', ['-u', name, '-l']);
    expect(installed.stdout).toContain(`* * * * * ${process.execPath}`);
    expect(installed.stdout).not.toContain('%');
    if (!(await cronRunning())) daemon = spawn(CRON, ['-f'], { stdio: 'ignore' });
    const deadline = Date.now() + 70_000;
    let records: RunRecord[] = [];
    while (records.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      records = await recordsOf(hash);
    }
    expect(records[0], 'no run record within 70 s').toMatchObject({
      exit_code: 0,
      trigger: 'schedule',
      output: `from cron\n${account.uid}`,
    });
    const seconds = Number(await readFile(join(home, 'stamp'), 'utf8'));
    expect(Math.abs(seconds - Date.now() / 1000), 'date +%s wrote the time').toBeLessThan(120);
  }, 90_000);
});
