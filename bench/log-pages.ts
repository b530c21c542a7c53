// A 1 GB nginx access log (combined + ` $request_length $bytes_sent`): Haven's pages read
// backwards (newest page, a middle page) against `tail` on the same file in the same run, and
// the reader's peak memory against the same read on a small file (flat: not the file's size).
// The file is made in a temp dir and removed afterwards. BENCH_LOG_MB sets its size.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from './lib.ts';

const MB = 1_000_000;
const TARGET = Number(process.env.BENCH_LOG_MB ?? 1000) * MB;
const ROUNDS = 3;

function logLine(i: number): string {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const status = i % 17 === 0 ? 404 : 200;
  return `${ip} - - [25/Nov/2026:05:${String(i % 60).padStart(2, '0')}:00 +0000] "GET /blog/post-${i % 5000}?page=${i % 7} HTTP/1.1" ${status} ${1000 + (i % 90_000)} "https://www.example.test/" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" ${300 + (i % 200)} ${1300 + (i % 90_000)}\n`;
}

/** Writes lines in 1 MB batches until the size is reached; answers the number of lines. */
async function generate(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  let n = 0;
  while (written < bytes) {
    let batch = '';
    while (batch.length < MB) batch += logLine(n++);
    written += batch.length;
    if (!out.write(batch)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error) => (e ? reject(e) : resolve())));
  return n;
}

interface Read {
  ms: number;
  lines: number;
  before: number;
  hwm: number;
}

function haven(file: string, page: number): Promise<Read> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'log-pages-read.ts'),
        file,
        String(page),
        String(ROUNDS),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(text) as Read) : reject(new Error(`reader exit ${code}`)),
    );
  });
}

/** Median wall time of a shell-free pipeline run ROUNDS times (`tail` into `head`). */
function tailMs(file: string, fromEnd: number): number {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    const tail = spawnSync('tail', ['-n', String(fromEnd), file], {
      maxBuffer: 2_000 * MB,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (fromEnd > 1000) spawnSync('head', ['-n', '1000'], { input: tail.stdout });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

export async function benchLogPages(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'haven-log-bench-'));
  try {
    await mkdir(join(dir, 'logs'));
    const big = join(dir, 'logs', 'www.access.log');
    const small = join(dir, 'logs', 'small.access.log');
    const genStart = performance.now();
    const lines = await generate(big, TARGET);
    await generate(small, MB);
    const size = (await stat(big)).size;
    const genS = (performance.now() - genStart) / 1000;
    const middle = Math.floor(lines / 2000);
    const newest = await haven(big, 1);
    const mid = await haven(big, middle);
    const tiny = await haven(small, 1);
    const tailNewest = tailMs(big, 1000);
    const tailMiddle = tailMs(big, middle * 1000);
    const mem = (r: Read) => `${fmt(r.hwm / MB)} MB peak (${fmt(r.before / MB)} MB before)`;
    return [
      `file: ${fmt(size / MB, 0)} MB, ${lines} lines (generated in ${fmt(genS)} s, page cache warm)`,
      `newest page: Haven ${fmt(newest.ms)} ms, tail -n 1000 ${fmt(tailNewest)} ms (ratio ${fmt(newest.ms / tailNewest, 2)})`,
      `middle page ${middle}: Haven ${fmt(mid.ms)} ms, tail -n ${middle * 1000} | head -n 1000 ${fmt(tailMiddle)} ms (ratio ${fmt(mid.ms / tailMiddle, 2)})`,
      `memory of the reader: 1 GB newest ${mem(newest)}; 1 GB middle ${mem(mid)}; 1 MB file ${mem(tiny)}`,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchLogPages()) console.log(line);
}
