// The JavaScript a browser loads for the login route on first load: the entry script and every
// module it preloads, gzipped, from the production build in apps/web/dist.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');

export async function benchBundle(): Promise<string[]> {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) return ['login route JS: apps/web/dist missing, run `npm run build` first'];
  const html = readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = files.map((f) => ({ f, raw: readFileSync(join(DIST, f)).length, gz: gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length }));
  const gz = sizes.reduce((a, s) => a + s.gz, 0);
  const raw = sizes.reduce((a, s) => a + s.raw, 0);
  return [
    `login route first-load JS: ${files.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${(gz / 1000).toFixed(1)} kB gzipped (target <= 150 kB) -> ${gz <= 150_000 ? 'met' : 'NOT met'}`,
    ...sizes.map((s) => `  ${s.f}: ${(s.gz / 1000).toFixed(1)} kB gz`),
  ];
}
