import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface GcOptions {
  type: 'major' | 'minor';
  flavor?: 'regular' | 'last-resort';
}

let gc: ((options: GcOptions) => void) | undefined;

/**
 * V8's `gc` (the one `--expose-gc` adds), taken once from a fresh context so no global `gc`
 * appears in the panel's own; the flag is turned off again at once. Node has no other call that
 * reaches V8's collections. Only idle-memory.ts and young-collect.ts use it, each for a measured
 * reason (docs/performance.md, sessions 14 and 15).
 */
export function v8Gc(): (options: GcOptions) => void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as (options: GcOptions) => void;
    setFlagsFromString('--no-expose-gc');
  }
  return gc;
}
