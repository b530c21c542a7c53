import { fileURLToPath } from 'node:url';

/**
 * The runner and the scheduler as files Node can start: beside this module in the source (Node
 * strips the types), or `dist/cron-run.mjs` / `dist/cron-scheduler.mjs` in the bundle (this code
 * then lives in a chunk in dist/).
 */
export function cronEntry(name: 'cron-run' | 'cron-scheduler'): string {
  const bundled = !import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(`./${name}.${bundled ? 'mjs' : 'ts'}`, import.meta.url));
}
