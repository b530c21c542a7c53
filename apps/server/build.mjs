// Bundles the server into dist/ so `npm start` runs plain JavaScript: no TypeScript compiler in
// the running panel (tsx kept ~50 MB of RSS and slowed the start). npm packages stay external and
// load from node_modules; the workspace contract is bundled in (it ships TypeScript source).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const deps = [pkg('./package.json'), pkg('../../packages/contract/package.json')]
  .flatMap((p) => Object.keys(p.dependencies ?? {}))
  .filter((name) => !name.startsWith('@haven/'));

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
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
