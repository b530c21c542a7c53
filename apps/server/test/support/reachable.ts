import { statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Whether another user (a dropped domain user) can walk to `path`: every folder above it has o+x.
 * A checkout inside a 0700 folder (`mktemp -d`) is not, and the runner there cannot be started.
 */
export function reachableByOthers(path: string): boolean {
  for (let p = dirname(path); ; p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) return false;
    if (p === dirname(p)) return true;
  }
}
