/**
 * The job runner: the command every crontab line Haven writes calls, with the domain's specs
 * file (run-spec.ts) and the job's hash. Standalone on purpose (Node's own modules only): it starts for every
 * run, so it must start fast, and it runs from the source (Node strips the types) or as
 * dist/cron-run.mjs.
 *
 *   cron-run <jobs.json> <hash> [--manual]
 *
 * Started by root (the local scheduler of a root Haven, or Haven's own "run now"), it runs itself
 * again under `setpriv` as the domain's account before reading anything the customer controls,
 * so the job, its log file and its run record are all the domain user's doing. Under the system
 * cron daemon (`crontab -u <domain user>`) it already is that user.
 */
import { spawn } from 'node:child_process';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { JOB_HASH, tailOf, type DomainSpecs, type JobSpec, type RunRecord } from './run-spec.ts';

const SETPRIV = '/usr/bin/setpriv';

function exec(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number; output: Buffer[] }>((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('error', (e) => {
      output.push(Buffer.from(`${e.message}\n`));
      resolve({ code: 127, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 + 9 : 1), output }));
  });
}

/** Writes the log as the current (domain) user; a link at the log path is refused (O_NOFOLLOW). */
async function writeLog(log: NonNullable<JobSpec['log']>, data: Buffer): Promise<void> {
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    constants.O_NOFOLLOW |
    (log.append ? constants.O_APPEND : constants.O_TRUNC);
  const fh = await open(log.path, flags, 0o640);
  try {
    await fh.write(data);
  } finally {
    await fh.close();
  }
}

export async function runJob(
  specsPath: string,
  hash: string,
  trigger: RunRecord['trigger'],
): Promise<number> {
  const specs = JSON.parse(await readFile(specsPath, 'utf8')) as DomainSpecs;
  if (specs.runAs && process.getuid?.() === 0) {
    const args = [
      `--reuid=${specs.runAs.uid}`,
      `--regid=${specs.runAs.gid}`,
      '--init-groups',
      '--',
      process.execPath,
      process.argv[1] ?? '',
      specsPath,
      hash,
      ...(trigger === 'manual' ? ['--manual'] : []),
    ];
    const child = spawn(SETPRIV, args, { stdio: 'inherit' });
    return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  }
  const spec = JOB_HASH.test(hash) ? specs.jobs[hash] : undefined;
  if (!spec) throw new Error(`no job ${hash} in ${specsPath}`);
  const started = Date.now();
  const [cmd = '/bin/false', ...args] = spec.argv;
  const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: spec.home, SHELL: '/bin/sh' };
  const { code, output } = await exec(cmd, args, { cwd: spec.cwd, env });
  const data = Buffer.concat(output);
  let text = data.toString('utf8');
  if (spec.log) {
    await writeLog(spec.log, data).catch((e: Error) => {
      text += `\n[haven] log ${spec.log?.path}: ${e.message}`;
    });
  }
  const record: RunRecord = {
    hash,
    started_at: started,
    duration_ms: Date.now() - started,
    exit_code: code,
    trigger,
    output: tailOf(text),
  };
  const name = `${started}-${hash}-${randomBytes(4).toString('hex')}`;
  const tmp = join(specs.spool, `.${name}.tmp`);
  await writeFile(tmp, JSON.stringify(record), { mode: 0o600 });
  await rename(tmp, join(specs.spool, `${name}.json`));
  return code;
}

const [specsPath, hash, flag] = process.argv.slice(2);
if (process.argv[1] && /cron-run\.(ts|mjs)$/.test(process.argv[1])) {
  if (!specsPath || !hash || hash === '--manual') {
    // A line from before one specs file per domain names `job-<hash>.json` alone: cron mails this.
    process.stderr.write('haven cron-run: usage: cron-run <jobs.json> <hash> [--manual]\n');
    process.stderr.write('(a crontab written by an older Haven: run `haven reconcile`)\n');
    process.exit(2);
  }
  runJob(specsPath, hash, flag === '--manual' ? 'manual' : 'schedule').then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`haven cron-run: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
