import type { FileHandle } from 'node:fs/promises';
import type { LogPage } from './site-logs.port.ts';

/** Bytes read per step. Memory of a page is this block plus the page's own lines. */
export const BLOCK_BYTES = 256 * 1024;
const NL = 0x0a;
const EMPTY = Buffer.alloc(0);

/**
 * Page `page` (1 = the last `pageLines` lines) of a file, reading fixed blocks from the end
 * towards the start. Lines before the page are only counted (no string is made for them), a line
 * longer than `lineMax` keeps its first `lineMax` bytes, so memory never grows with the file.
 */
export async function readPageBackwards(
  fh: FileHandle,
  size: number,
  page: number,
  pageLines: number,
  lineMax: number,
): Promise<LogPage> {
  const skip = (page - 1) * pageLines;
  const until = skip + pageLines;
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  const lines: string[] = [];
  let index = 0; // lines seen, counted from the end
  let carry: Buffer = EMPTY; // the start of the line being read (grows leftwards)
  let pos = size;
  let first = true;

  const emit = (bytes: Buffer): boolean => {
    if (index >= skip && index < until) lines.push(text(bytes, lineMax));
    index += 1;
    return index > until; // one more line than needed: there is an older page
  };

  while (pos > 0) {
    const len = Math.min(BLOCK_BYTES, pos);
    pos -= len;
    await readFully(fh, block, len, pos);
    let end = len;
    if (first) {
      first = false;
      if (block[len - 1] === NL) end = len - 1; // the file's last newline ends no extra line
    }
    let nl = end > 0 ? block.lastIndexOf(NL, end - 1) : -1;
    while (nl !== -1) {
      if (index < skip) {
        index += 1; // a line after the page: only counted, no bytes copied
        if (carry.length) carry = EMPTY;
      } else {
        const piece = block.subarray(nl + 1, end);
        const line = carry.length ? joinCut(piece, carry, lineMax) : piece;
        carry = EMPTY;
        if (emit(line)) return done(lines, true, true);
      }
      end = nl;
      nl = end > 0 ? block.lastIndexOf(NL, end - 1) : -1;
    }
    if (end > 0) carry = joinCut(block.subarray(0, end), carry, lineMax);
  }
  // What is left is the file's first line (empty when the file starts with a newline).
  const older = size > 0 && emit(carry);
  return done(lines, older, index > skip || page === 1);
}

function done(lines: string[], hasOlder: boolean, inRange: boolean): LogPage {
  return { lines: lines.reverse(), hasOlder, inRange };
}

/** `left` then `right`, copied (the block is reused), keeping only the first `max` bytes. */
function joinCut(left: Buffer, right: Buffer, max: number): Buffer {
  if (left.length >= max) return Buffer.from(left.subarray(0, max));
  return Buffer.concat([left, right.subarray(0, max - left.length)]);
}

function text(bytes: Buffer, max: number): string {
  const cut = bytes.length > max ? bytes.subarray(0, max) : bytes;
  const s = cut.toString('utf8');
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}

async function readFully(fh: FileHandle, buf: Buffer, len: number, at: number): Promise<void> {
  let got = 0;
  while (got < len) {
    const { bytesRead } = await fh.read(buf, got, len - got, at + got);
    if (bytesRead === 0) throw new Error('log file shrank while it was read');
    got += bytesRead;
  }
}
