// Bundles the server into dist/ so `npm start` runs plain JavaScript: no TypeScript compiler in
// the running panel (tsx kept ~50 MB of RSS and slowed the start). npm packages stay external and
// load from node_modules; the workspace contract is bundled in (it ships TypeScript source).
// `--if-stale` (the `haven` script) builds only when a source is newer than dist/cli.mjs.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const pkg = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const deps = [pkg('./package.json'), pkg('../../packages/contract/package.json')]
  .flatMap((p) => Object.keys(p.dependencies ?? {}))
  .filter((name) => !name.startsWith('@haven/'));

/** The newest modification time of the files under the given directories. */
const newest = (dirs) =>
  Math.max(
    ...dirs.flatMap((dir) =>
      readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, f)).mtimeMs),
    ),
  );

const built = (() => {
  try {
    return statSync(new URL('./dist/cli.mjs', import.meta.url)).mtimeMs;
  } catch {
    return 0;
  }
})();
const sources = ['src', '../../packages/contract/src'].map(
  (dir) => new URL(dir, import.meta.url).pathname,
);

if (!process.argv.includes('--if-stale') || newest(sources) > built) {
  await build({
    entryPoints: {
      main: 'src/main.ts',
      cli: 'src/cli/main.ts',
      // The cron runner and the local scheduler start as their own processes (platform/cron).
      'cron-run': 'src/platform/cron/cron-run.ts',
      'cron-scheduler': 'src/platform/cron/cron-scheduler.ts',
    },
    absWorkingDir: import.meta.dirname,
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: deps.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: 'warning',
  });
}
