// Child of log-pages.ts: reads one page of a log through Haven's site-logs adapter (the code the
// API uses) and prints its time and its own memory, so the parent's work does not count.
import { readFileSync } from 'node:fs';
import { dirname, basename } from 'node:path';
import { createLocalSiteLogs } from '../apps/server/src/platform/site-logs/site-logs.local.ts';

const [file, pageText, roundsText] = process.argv.slice(2);
if (!file || !pageText) throw new Error('usage: log-pages-read.ts <home>/logs/<name> <page>');
const kb = (key: string) =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) *
  1000;
const logs = createLocalSiteLogs({ lineMaxBytes: 8192 });
const home = dirname(dirname(file));
const before = kb('VmRSS');
const times: number[] = [];
let lines = 0;
for (let i = 0; i < Number(roundsText ?? 3); i += 1) {
  const start = performance.now();
  const page = await logs.page(home, basename(file), Number(pageText), 1000);
  times.push(performance.now() - start);
  lines = page.lines.length;
}
times.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ ms: times[Math.floor(times.length / 2)], lines, before, hwm: kb('VmHWM') }),
);
