import { v8Gc } from './v8-gc.ts';

/** Bytes of a long stream between two young-generation collections. */
export const YOUNG_COLLECT_EVERY = 4 * 1024 * 1024;

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
