import { findBinary } from '../../src/platform/supervisor/binaries.ts';

/**
 * Whether a test that needs real tools, services or root skips here. `needs` names what is
 * missing (`false`/`null` entries are what is there, e.g. `!isRoot && 'root'`). Nothing missing:
 * false, the test runs. On a developer's machine it skips with one line naming what to install.
 * In CI (`CI` set) nothing may be missing, since `npm test` installs it all: it throws, so the
 * test file fails instead of passing without having tested anything.
 */
export function skipWhenMissing(
  suite: string,
  needs: readonly (string | false | null | undefined)[],
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const missing = needs.filter((n): n is string => typeof n === 'string' && n !== '');
  if (missing.length === 0) return false;
  if (inCi(env))
    throw new Error(
      `${suite}: missing ${missing.join(', ')}. In CI a test whose tool or service is missing fails; \`npm test\` as root installs the Debian packages (scripts/debian-packages.mjs).`,
    );
  console.warn(`${suite} skipped: missing ${missing.join(', ')}`);
  return true;
}

/** CI=true (or any value but empty, 0 and false), as CI services and `.ci/run`'s caller set it. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = (env.CI ?? '').toLowerCase();
  return ci !== '' && ci !== '0' && ci !== 'false';
}

/** The executables of `names` not installed here (PATH and the sbin folders). */
export async function missingBinaries(names: readonly string[]): Promise<string[]> {
  const found = await Promise.all(names.map(findBinary));
  return names.filter((_, i) => !found[i]);
}
