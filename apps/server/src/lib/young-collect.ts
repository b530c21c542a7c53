import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes of a long stream between two young-generation collections. */
export const YOUNG_COLLECT_EVERY = 2 * 1024 * 1024;

let minorGc: (() => void) | undefined;

/**
 * V8's young-generation collection. Node has no call for it: V8's `gc` (the one `--expose-gc`
 * adds) is taken once from a fresh context, so no global `gc` appears, and the flag goes off again.
 */
function collectYoung(): void {
  if (!minorGc) {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
    setFlagsFromString('--no-expose-gc');
    minorGc = () => gc({ type: 'minor' });
  }
  minorGc();
}

/**
 * For a long stream of chunks (an upload's socket reads, 64 kB each): every `every` bytes, one
 * young-generation collection (about a millisecond), so the chunks already written go back then
 * instead of piling up outside V8's heap until its external-memory limit forces full collections
 * (without it an upload ran at a quarter to half the speed). Returns the counter to call per chunk.
 */
export function youngCollector(every = YOUNG_COLLECT_EVERY): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < every) return;
    since = 0;
    collectYoung();
  };
}
