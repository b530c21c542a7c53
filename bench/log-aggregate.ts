/**
 * Aggregating an access log: Haven's reader (bytes per day and direction, the statistics
 * area's adapter) against GoAccess (Debian's `goaccess`, JSON output) on the same file, in the
 * same run. Size: HAVEN_BENCH_LOG_MB (default 1000, one gigabyte). Run: `npx tsx bench/log-aggregate.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalTrafficLogs } from '../apps/server/src/platform/traffic-logs/traffic-logs.local.ts';

const mb = Number(process.env.HAVEN_BENCH_LOG_MB ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'haven-bench-log-'));
const file = join(dir, 'www.access.log');

/** A month of varied `log_format haven` lines, written in 4 MB blocks. */
function generate(): number {
  const fd = openSync(file, 'w');
  const paths = ['/', '/index.php', '/wp-login.php', '/images/logo.png', '/css/site.css?v=3'];
  const agents = ['Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', 'curl/8.5.0', 'Googlebot/2.1'];
  let written = 0;
  let n = 0;
  while (written < mb * 1_000_000) {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++, n++) {
      const day = String(1 + Math.floor((n / 50_000) % 28)).padStart(2, '0');
      const body = (n * 7919) % 90_000;
      lines.push(
        `10.0.${n % 250}.${n % 200} - - [${day}/Nov/2026:12:${String(n % 60).padStart(2, '0')}:00 +0000] ` +
          `"GET ${paths[n % 5]} HTTP/1.1" 200 ${body} "https://example.test/" "${agents[n % 3]}" ${300 + (n % 500)} ${body + 250}\n`,
      );
    }
    const block = Buffer.from(lines.join(''));
    writeSync(fd, block);
    written += block.length;
  }
  closeSync(fd);
  return n;
}

const lines = generate();
const bytes = statSync(file).size;
console.log(`log: ${(bytes / 1e6).toFixed(0)} MB, ${lines} lines`);

const t0 = performance.now();
const read = await createLocalTrafficLogs().readAccess(file, null);
const haven = (performance.now() - t0) / 1000;
let total = 0;
for (const d of read.days.values()) total += d.out;
console.log(
  `haven: ${haven.toFixed(2)} s, ${(bytes / 1e6 / haven).toFixed(0)} MB/s, ${read.days.size} days, ${total} bytes out`,
);

const t1 = performance.now();
const ga = spawnSync(
  'goaccess',
  [
    file,
    '--log-format=%h %^[%d:%t %^] "%r" %s %b "%R" "%u" %^',
    '--date-format=%d/%b/%Y',
    '--time-format=%T',
    '--no-global-config',
    '-o',
    join(dir, 'report.json'),
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
const goaccess = (performance.now() - t1) / 1000;
if (ga.status !== 0) console.log(`goaccess failed: ${ga.stderr.toString().slice(0, 300)}`);
console.log(`goaccess: ${goaccess.toFixed(2)} s, ${(bytes / 1e6 / goaccess).toFixed(0)} MB/s`);
console.log(`ratio: haven is ${(goaccess / haven).toFixed(1)}x as fast as goaccess`);
rmSync(dir, { recursive: true, force: true });
