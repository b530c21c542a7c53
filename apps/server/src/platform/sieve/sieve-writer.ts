import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';

/**
 * Extensions Haven's scripts use that Pigeonhole does not enable by default: `vacation-seconds`
 * (more than one autoresponder answer a day per address). Dovecot's `sieve_extensions`.
 */
export const SIEVE_EXTRA_EXTENSIONS = '+vacation-seconds';

/** The script Dovecot runs for a mailbox: `<home>/sieve/active.sieve` (the mail server's layout). */
export function activeSievePath(home: string): string {
  return join(home, 'sieve', 'active.sieve');
}

/** Why Pigeonhole refused a script, or null when `sievec` compiled it. */
export async function checkSieve(script: string, sievec = 'sievec'): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'haven-sieve-'));
  try {
    const file = join(dir, 'check.sieve');
    await writeFile(file, script, { mode: 0o600 });
    // The extensions the node's Dovecot enables beyond Pigeonhole's defaults (dovecot-conf.ts).
    const args = ['-x', SIEVE_EXTRA_EXTENSIONS, file, join(dir, 'check.svbin')];
    const result = await run(sievec, args, { timeoutMs: 15_000 });
    return result.code === 0
      ? null
      : (result.stderr || result.stdout).trim() || `exit ${result.code}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export class SieveRejectedError extends Error {
  readonly code = 'sieve_rejected';
}

/**
 * Compiles the script with `sievec` and only then replaces the mailbox's active script
 * atomically: a script Pigeonhole refuses never reaches delivery (the old one stays).
 */
export async function writeMailboxSieve(
  home: string,
  script: string,
  options: { owner?: { uid: number; gid: number }; sievec?: string } = {},
): Promise<void> {
  const problem = await checkSieve(script, options.sievec);
  if (problem) throw new SieveRejectedError(`sievec refused the script: ${problem}`);
  const dir = join(home, 'sieve');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Dovecot (as the mailbox's owner) writes the compiled script next to it.
  if (options.owner) await chown(dir, options.owner.uid, options.owner.gid);
  await writeFileAtomic(activeSievePath(home), script, 0o600, options.owner);
}
