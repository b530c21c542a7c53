// Runs `npm run build` only when the sources of the build changed since the last one, so that
// `npm start` on an unchanged tree starts at once (a full build takes 11 s or more). The stamp is
// a SHA-256 over the path and content of every input file; it is written after a build succeeds.
// HAVEN_FORCE_BUILD=1 builds regardless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Everything the web and server builds read from the repository (npm packages: the lock file). */
const INPUTS = [
  'package-lock.json',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
];
/** The build's results: if one is missing the stamp does not count. */
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/server/dist/main.mjs',
  'apps/server/dist/cli.mjs',
];
const STAMP = join(root, 'node_modules', '.cache', 'haven', 'build-stamp');

/** Files under `path` (or `path` itself), sorted so the hash does not depend on directory order. */
function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return (
    readdirSync(full, { recursive: true, withFileTypes: true })
      // Tests are not part of a build: changing one need not rebuild.
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
  );
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
const built = OUTPUTS.every((file) => existsSync(join(root, file)));

if (process.env.HAVEN_FORCE_BUILD !== '1' && built && stamp === current) {
  console.log('Build is up to date (no source changed since the last build).');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(dirname(STAMP), { recursive: true });
  // The hash from before the build: a file changed during the build makes the next start build.
  writeFileSync(STAMP, `${current}\n`);
}
