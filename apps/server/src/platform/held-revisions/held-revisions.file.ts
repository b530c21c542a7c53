import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { HeldRevisionsStore } from './held-revisions.port.ts';

/**
 * `held.json` in the agent's data dir (0600 in a 0700 folder), written atomically. Callers write
 * one at a time (agent/held-revisions.ts): two writes racing could land the older one last.
 */
export function heldRevisionsFile(dataDir: string): HeldRevisionsStore {
  const path = join(dataDir, 'held.json');
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
    async save(held) {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(path, JSON.stringify(Object.fromEntries(held)), 0o600);
    },
  };
}
