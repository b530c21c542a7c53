// The JavaScript a browser loads for the login route on first load: the entry chunk, the login
// screen's lazy chunk and every chunk either imports statically, gzipped, from the production
// build in apps/web/dist (its Vite manifest gives the import graph).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const ROUTE_MODULES = ['index.html', 'src/features/auth/login-page.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export async function benchBundle(): Promise<string[]> {
  const manifestFile = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return ['login route JS: apps/web/dist/.vite/manifest.json missing, run `npm run build` first'];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  ROUTE_MODULES.forEach(visit);
  const files = [...seen].map((key) => manifest[key]!.file).filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => {
    const bytes = readFileSync(join(DIST, f));
    return { f, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
  const gz = sizes.reduce((a, s) => a + s.gz, 0);
  const raw = sizes.reduce((a, s) => a + s.raw, 0);
  return [
    `login route first-load JS: ${files.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${(gz / 1000).toFixed(1)} kB gzipped (target <= 150 kB) -> ${gz <= 150_000 ? 'met' : 'NOT met'}`,
    ...sizes.sort((a, b) => b.gz - a.gz).map((s) => `  ${s.f}: ${(s.gz / 1000).toFixed(1)} kB gz`),
  ];
}
