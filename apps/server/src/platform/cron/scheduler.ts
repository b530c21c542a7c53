import { spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Cron } from 'croner';
import { parseCrontabLine } from './crontab-render.ts';

export interface SchedulerOptions {
  /** The generated crontabs (`<data dir>/cron/crontabs`). */
  dir: string;
  /** How often the folder is looked at for changed crontabs. */
  pollMs?: number;
  log?: (line: string) => void;
  /** A file touched on every look, so the supervisor can tell the scheduler is alive. */
  heartbeat?: string;
}

/**
 * The local profile's cron daemon: reads the same crontab files the system profile installs with
 * `crontab -u`, and starts each line's command (an argv: Haven's runner and a spec) at the times
 * croner computes, with cron's rules (day of month OR day of week, the machine's time zone).
 */
export function createScheduler(options: SchedulerOptions) {
  const log = options.log ?? (() => undefined);
  let jobs: Cron[] = [];
  let seen = '';
  let timer: NodeJS.Timeout | undefined;

  async function signature(): Promise<string> {
    const names = (await readdir(options.dir).catch(() => [] as string[])).filter((n) =>
      n.endsWith('.crontab'),
    );
    const stamps = await Promise.all(
      names.map(async (n) => `${n}:${(await stat(join(options.dir, n))).mtimeMs}`),
    );
    return stamps.sort().join('|');
  }

  function fire(argv: string[]): void {
    const [cmd, ...args] = argv;
    if (!cmd) return;
    const child = spawn(cmd, args, { stdio: 'ignore' });
    child.on('error', (e) => log(`cron: ${cmd}: ${e.message}`));
  }

  async function load(): Promise<void> {
    const names = (await readdir(options.dir).catch(() => [] as string[])).filter((n) =>
      n.endsWith('.crontab'),
    );
    const next: Cron[] = [];
    for (const n of names) {
      const text = await readFile(join(options.dir, n), 'utf8').catch(() => '');
      for (const line of text.split('\n')) {
        const parsed = parseCrontabLine(line);
        if (!parsed) continue;
        try {
          next.push(new Cron(parsed.expression, () => fire(parsed.argv)));
        } catch (e) {
          log(`cron: ${n}: ${(e as Error).message}`);
        }
      }
    }
    for (const j of jobs) j.stop();
    jobs = next;
    log(`cron: ${jobs.length} job(s) scheduled`);
  }

  async function tick(): Promise<void> {
    if (options.heartbeat) await writeFile(options.heartbeat, String(Date.now()));
    const sig = await signature();
    if (sig !== seen) {
      seen = sig;
      await load();
    }
  }

  return {
    async start() {
      await tick();
      timer = setInterval(() => void tick().catch(() => undefined), options.pollMs ?? 5000);
    },
    reload: () => load(),
    count: () => jobs.length,
    stop() {
      if (timer) clearInterval(timer);
      for (const j of jobs) j.stop();
      jobs = [];
    },
  };
}
