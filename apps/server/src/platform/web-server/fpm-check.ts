import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { fpmValue } from './escape.ts';
import { check } from './processes.ts';
import { ConfigRejectedError } from './web-server.port.ts';

/**
 * What `php-fpm -t` must accept before a change's PHP is reloaded: a domain's pool file
 * (checked with the other pools of its batch in one config written to `dir`: a check costs a
 * PHP start, ~0.1 s of CPU), or a master config of its own (the distribution's, which reads
 * every pool).
 */
export type PhpCheck = { binary: string } & ({ pool: string; dir: string } | { conf: string });

/** Checks a batch's PHP configs, one `php-fpm -t` per version; throws ConfigRejectedError. */
export async function checkPhpConfigs(checks: readonly PhpCheck[]): Promise<void> {
  const pools = new Map<string, { dir: string; files: Set<string> }>();
  const confs = new Map<string, string>();
  for (const c of checks) {
    if ('conf' in c) confs.set(`${c.binary}\n${c.conf}`, c.binary);
    else {
      const group = pools.get(c.binary) ?? { dir: c.dir, files: new Set<string>() };
      group.files.add(c.pool);
      pools.set(c.binary, group);
    }
  }
  for (const [key, binary] of confs) await checked(binary, key.slice(binary.length + 1));
  for (const [binary, { dir, files }] of pools) {
    // Hidden, and not a `haven-d<id>.conf`: never taken for a domain's master.
    const base = join(dir, `.check-${randomBytes(6).toString('hex')}`);
    const lines = [
      '[global]',
      `pid = ${fpmValue(`${base}.pid`)}`,
      `error_log = ${fpmValue(`${base}.log`)}`,
      ...[...files].map((f) => `include = ${fpmValue(f)}`),
      '',
    ];
    await writeFileAtomic(`${base}.conf`, lines.join('\n'), 0o600);
    try {
      await checked(binary, `${base}.conf`);
    } finally {
      await Promise.all(['conf', 'log', 'pid'].map((e) => rm(`${base}.${e}`, { force: true })));
    }
  }
}

async function checked(binary: string, conf: string): Promise<void> {
  const problem = await check(binary, ['-t', '-y', conf]);
  if (problem) throw new ConfigRejectedError(`${binary} -t`, problem);
}
