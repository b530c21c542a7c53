import { v8Gc } from './v8-gc.ts';

/**
 * Bytes of a long stream between two young-generation collections: 2 MB kept a 1 GB upload's
 * growth at +12-13 MB against +17-20 MB with 4 (the < 150 MB peak goal), for 0-10 % of the
 * loopback throughput (281-313 against 310-323 MB/s; a client's own link is far slower), the
 * zip unchanged (docs/performance.md, session 22).
 */
export const YOUNG_COLLECT_EVERY = 2 * 1024 * 1024;

/**
 * For a long stream of chunks (an upload's socket reads, 64 kB each): every `every` bytes, one
 * young-generation collection (about a millisecond), so the chunks already written go back then.
 * Left to V8, they are outside its heap and wait for its external-memory limit: an upload grew
 * the panel by 53 MB (docs/performance.md, session 15). Returns the counter to call per chunk.
 */
export function youngCollector(every = YOUNG_COLLECT_EVERY): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < every) return;
    since = 0;
    v8Gc()({ type: 'minor' });
  };
}
