import { chmod, chown, lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { findPhpVersions, PHP_FPM_DIRS } from '../web-server/php-versions.ts';
import { renderCrontab } from './crontab-render.ts';
import { chmodDir, give, realDir } from '../webspace/home-folders.ts';
import {
  CRON_LOG_DIR,
  type CronDomain,
  type CronJobPlan,
  type CronTable,
  type SpooledRun,
} from './cron.port.ts';
import { cronEntry } from './runner-path.ts';
import { SPECS_FILE, type DomainSpecs, type RunRecord } from './run-spec.ts';

export interface CronFilesOptions {
  /** `<data dir>/cron`. */
  root: string;
  /** `system`: install each crontab with `crontab -u`; `local`: the supervised scheduler reads them. */
  mode: 'system' | 'local';
  phpDirs?: readonly string[];
}

const SPOOL_MAX = 64 * 1024;
const SPOOL_NAME = /^[0-9]+-[a-f0-9]{16}-[a-f0-9]{8}\.json$/;

async function writeIfChanged(
  path: string,
  text: string,
  mode: number,
  owner?: { uid: number; gid: number },
): Promise<void> {
  if ((await readFile(path, 'utf8').catch(() => null)) !== text)
    await writeFileAtomic(path, text, mode, owner);
}

/**
 * The cron adapter. Layout under `root`:
 *   crontabs/<domain id>.crontab   the generated crontab (Haven's only)
 *   domains/<id>/jobs.json         the run specs: Haven's, readable by the domain's group
 *   domains/<id>/runs/             the spool: the domain user's, Haven takes the records in
 */
export function createCronFiles(options: CronFilesOptions): CronTable {
  const { root } = options;
  const crontabs = join(root, 'crontabs');
  const domainDir = (d: CronDomain) => join(root, 'domains', String(d.id));
  const crontabOf = (d: CronDomain) => join(crontabs, `${d.id}.crontab`);
  const runner = { node: process.execPath, runner: cronEntry('cron-run') };
  const asRoot = process.getuid?.() === 0;

  let opened = false;
  async function ensureDirs(d: CronDomain): Promise<{ dir: string; spool: string }> {
    if (!opened) {
      // A runner dropped to a domain user must pass through `root` and `domains/` to its own
      // folder (a recursive mkdir of crontabs/ alone would make `root` 0700: found as root).
      for (const path of [root, join(root, 'domains')]) {
        await mkdir(path, { recursive: true, mode: 0o711 });
        await chmod(path, 0o711);
      }
      await mkdir(crontabs, { recursive: true, mode: 0o700 });
      opened = true;
    }
    const dir = domainDir(d);
    const spool = join(dir, 'runs');
    await mkdir(spool, { recursive: true, mode: 0o700 });
    if (asRoot && d.owner) {
      // The specs folder is root's (the domain user reads, never replaces a spec); the spool its.
      await chown(dir, 0, d.owner.gid);
      await chmod(dir, 0o750);
      await chown(spool, d.owner.uid, d.owner.gid);
    }
    return { dir, spool };
  }

  async function installCrontab(d: CronDomain, path: string): Promise<void> {
    if (options.mode === 'local') return;
    const r = d.owner
      ? await run('crontab', ['-u', d.owner.user, path])
      : await run('crontab', [await combined()]);
    if (r.code !== 0) throw new Error(`crontab: ${r.stderr.trim() || `exit ${r.code}`}`);
  }

  /** Without domain users every domain's jobs run as Haven's user: one crontab holds them all. */
  async function combined(): Promise<string> {
    const names = (await readdir(crontabs)).filter((n) => n.endsWith('.crontab')).sort();
    const parts = await Promise.all(names.map((n) => readFile(join(crontabs, n), 'utf8')));
    const path = join(root, 'all.crontab');
    await writeFileAtomic(path, parts.join(''), 0o600);
    return path;
  }

  /** The job's default log folder, `<home>/logs/cron`, when a job logs there. */
  async function ensureLogDir(d: CronDomain, jobs: readonly CronJobPlan[]): Promise<void> {
    const dir = join(d.home, ...CRON_LOG_DIR);
    if (!jobs.some((j) => j.log && dirname(j.log.path) === dir)) return;
    if (!(asRoot && d.owner)) {
      await mkdir(dir, { recursive: true, mode: 0o750 });
      return;
    }
    // logs/ is root's (nginx's master opens the logs there): the domain user cannot write in it,
    // so its cron/ is made by root and given to the user. logs/ being root's, the user cannot
    // swap cron/ for a link; realDir, give and chmodDir never follow one anyway.
    await realDir(dir, 0o750);
    await give(dir, d.owner);
    await chmodDir(dir, 0o750);
  }

  return {
    async install(d, jobs) {
      const { dir, spool } = await ensureDirs(d);
      const owner = asRoot && d.owner ? { uid: 0, gid: d.owner.gid } : undefined;
      const specs: DomainSpecs = {
        spool,
        runAs: d.owner && { uid: d.owner.uid, gid: d.owner.gid },
        jobs: Object.fromEntries(
          jobs.map((j) => [j.hash, { cwd: j.cwd, argv: j.argv, log: j.log, home: j.home }]),
        ),
      };
      const specsPath = join(dir, SPECS_FILE);
      // One specs file and one crontab per domain, each written only when it differs.
      await writeIfChanged(specsPath, JSON.stringify(specs), 0o640, owner);
      for (const n of await readdir(dir))
        if (n.startsWith('job-')) await rm(join(dir, n), { force: true }); // the old layout
      await ensureLogDir(d, jobs);
      const path = crontabOf(d);
      const text = renderCrontab(
        d.name,
        jobs.filter((j) => !j.paused).map((j) => ({ schedule: j.schedule, hash: j.hash })),
        { ...runner, specs: specsPath },
      );
      const before = await readFile(path, 'utf8').catch(() => null);
      // A domain that never had a job needs no crontab: nothing differs from the panel.
      if (before === null && jobs.length === 0) return false;
      if (before !== text) await writeFileAtomic(path, text, 0o600);
      try {
        // Installed again even when the file is the same: reconcile repairs a removed crontab.
        await installCrontab(d, path);
      } catch (error) {
        if (before !== null && before !== text) await writeFileAtomic(path, before, 0o600);
        throw error;
      }
      return before !== text;
    },

    async runNow(d, hash, timeoutMs) {
      const specs = join(domainDir(d), SPECS_FILE);
      await run(runner.node, [runner.runner, specs, hash, '--manual'], { timeoutMs });
    },

    async spooled(d) {
      const spool = join(domainDir(d), 'runs');
      const names = await readdir(spool).catch(() => [] as string[]);
      const out: SpooledRun[] = [];
      for (const file of names.filter((x) => SPOOL_NAME.test(x)).sort()) {
        const path = join(spool, file);
        const st = await lstat(path).catch(() => null);
        // Only plain, small files: the spool is the customer's to write in.
        const parsed =
          st?.isFile() && st.size <= SPOOL_MAX
            ? await readFile(path, 'utf8')
                .then((t): unknown => JSON.parse(t))
                .catch(() => null)
            : null;
        // The runner writes a temp name and renames it: a record's name holds a whole record.
        if (parsed) out.push({ file, record: parsed as RunRecord });
        else await rm(path, { force: true });
      }
      return out;
    },

    async forget(d, files) {
      const spool = join(domainDir(d), 'runs');
      // Names only: the panel sends back what `spooled` answered, nothing else is removed.
      for (const file of files.filter((x) => SPOOL_NAME.test(x)))
        await rm(join(spool, file), { force: true });
    },

    async phpApps() {
      const fpm = await findPhpVersions(options.phpDirs ?? PHP_FPM_DIRS);
      const apps = [];
      for (const v of fpm) {
        const binary = `/usr/bin/php${v.version}`;
        if (await lstat(binary).catch(() => null))
          apps.push({ value: v.value, text: v.text, binary });
      }
      return apps.reverse();
    },

    async remove(d) {
      await rm(crontabOf(d), { force: true });
      await rm(domainDir(d), { recursive: true, force: true });
      if (options.mode === 'system') {
        if (d.owner) await run('crontab', ['-u', d.owner.user, '-r']);
        else await run('crontab', [await combined()]);
      }
    },
  };
}
