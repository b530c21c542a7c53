import type { Readable } from 'node:stream';
import type { LogMatch } from './site-logs.port.ts';

const NL = 0x0a;

/**
 * Reads a stream of log lines once and keeps the newest `max` lines that pass `match` (a ring:
 * memory is `max` lines plus one chunk, whatever the file's size). A line longer than `lineMax`
 * is judged and kept by its first `lineMax` bytes.
 */
export async function filterStream(
  input: Readable,
  match: (line: string) => boolean,
  max: number,
  lineMax: number,
): Promise<LogMatch> {
  const ring: string[] = [];
  let matched = 0;
  let carry: Buffer = Buffer.alloc(0);
  let overlong = false; // the current line already passed lineMax: its rest is skipped
  const take = (bytes: Buffer) => {
    let line = bytes.toString('utf8');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (!match(line)) return;
    matched += 1;
    ring.push(line);
    if (ring.length > max) ring.shift();
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    let nl = chunk.indexOf(NL, start);
    while (nl !== -1) {
      const piece = chunk.subarray(start, nl);
      if (overlong) take(carry);
      else take(carry.length ? cut(Buffer.concat([carry, piece]), lineMax) : cut(piece, lineMax));
      carry = Buffer.alloc(0);
      overlong = false;
      start = nl + 1;
      nl = chunk.indexOf(NL, start);
    }
    if (start < chunk.length && !overlong) {
      carry = Buffer.concat([carry, chunk.subarray(start)]);
      if (carry.length >= lineMax) {
        carry = Buffer.from(carry.subarray(0, lineMax));
        overlong = true;
      }
    }
  }
  if (carry.length) take(carry);
  return { lines: ring, matched };
}

function cut(bytes: Buffer, max: number): Buffer {
  return bytes.length > max ? bytes.subarray(0, max) : bytes;
}
