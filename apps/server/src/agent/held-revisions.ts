import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.ts';

/**
 * The revision the agent holds of each object, in `held.json` in its data dir. Written
 * atomically after each apply: a crash between an apply and its write applies the object again,
 * which the adapters' ensure/remove semantics make harmless.
 */
export interface HeldFile {
  load(): Promise<Map<string, number>>;
  save(held: ReadonlyMap<string, number>): Promise<void>;
}

export function heldFile(dataDir: string): HeldFile {
  const path = join(dataDir, 'held.json');
  let writes: Promise<void> = Promise.resolve();
  return {
    async load() {
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '{}';
        throw error;
      });
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const held = new Map<string, number>();
      for (const [object, revision] of Object.entries(parsed))
        if (typeof revision === 'number' && Number.isInteger(revision)) held.set(object, revision);
      return held;
    },
    save(held) {
      const text = JSON.stringify(Object.fromEntries(held));
      // One write at a time, in order: the last one holds the newest state.
      writes = writes
        .catch(() => undefined)
        .then(async () => {
          await mkdir(dataDir, { recursive: true, mode: 0o700 });
          await writeFileAtomic(path, text, 0o600);
        });
      return writes;
    },
  };
}
