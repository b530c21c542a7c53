// Test data and measuring helpers for bench/filemanager.ts.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const MB = 1_000_000;

/** `count` empty files named like an upload folder's (f000001.jpg ...). */
export function manyFiles(dir: string, count: number): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++)
    writeFileSync(join(dir, `f${String(i).padStart(6, '0')}.jpg`), '');
}

const WORDS =
  'function return echo array class public private static const include require $this->value <div class="row"> </div> if else foreach while isset null true false 2024 klant bestelling product prijs'.split(
    ' ',
  );

/** ~1 MB of code-like text: compresses about as well as a site's PHP, HTML and CSS. */
function textBlock(): Buffer {
  const parts: string[] = [];
  let size = 0;
  while (size < MB) {
    const word =
      Math.random() < 0.15
        ? randomBytes(4).toString('hex')
        : WORDS[Math.floor(Math.random() * WORDS.length)]!;
    parts.push(word);
    size += word.length + 1;
  }
  return Buffer.from(parts.join(' ').replace(/(.{60,100}?) /g, '$1\n'));
}

/**
 * A site-like tree of `totalMb`: 60 % text in 64 kB files (deflated), 30 % random "photos" of
 * 1 MB (.jpg: stored), 10 % random "archives" of 10 MB (.gz: stored). Returns count and bytes.
 */
export function mixedTree(dir: string, totalMb: number): { files: number; bytes: number } {
  const text = textBlock();
  let files = 0;
  let bytes = 0;
  const put = (sub: string, name: string, data: Buffer) => {
    mkdirSync(join(dir, sub), { recursive: true });
    writeFileSync(join(dir, sub, name), data);
    files += 1;
    bytes += data.length;
  };
  const textFiles = Math.round((totalMb * 0.6 * MB) / 65_536);
  for (let i = 0; i < textFiles; i++) {
    const at = Math.floor(Math.random() * (text.length - 65_536));
    put(`src/m${i % 50}`, `page${i}.php`, text.subarray(at, at + 65_536));
  }
  for (let i = 0; i < Math.round(totalMb * 0.3); i++) put('img', `photo${i}.jpg`, randomBytes(MB));
  for (let i = 0; i < Math.max(1, Math.round(totalMb / 100)); i++)
    put('backup', `part${i}.gz`, randomBytes(10 * MB));
  return { files, bytes };
}

/** One file of `mb` random bytes, written in 1 MB pieces. */
export function bigFile(path: string, mb: number): void {
  const fd = openSync(path, 'w');
  const block = randomBytes(MB);
  for (let i = 0; i < mb; i++) writeSync(fd, block);
  closeSync(fd);
}

/** Resident memory of a process in MB, from /proc. */
export function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return (Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1000) / MB;
}

/** Samples a process's RSS every 20 ms while `work` runs: the result, its seconds and the peak. */
export async function watched<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; peak: number }> {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const start = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - start) / 1000, peak: Math.max(peak, rss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

export const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
