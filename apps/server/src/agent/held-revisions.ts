import type { HeldRevisionsStore } from '../platform/held-revisions/held-revisions.port.ts';
import { heldRevisionsFile } from '../platform/held-revisions/held-revisions.file.ts';

/**
 * The revision the agent holds of each object, saved after each apply. A crash between an apply
 * and its save applies the object again, which the adapters' ensure/remove semantics make
 * harmless.
 */
export type HeldFile = HeldRevisionsStore;

/** `held.json` in the agent's data dir, its saves one at a time and coalesced. */
export function heldFile(dataDir: string): HeldFile {
  return coalescedSaves(heldRevisionsFile(dataDir));
}

/**
 * One save at a time, in order; saves asked for while one is written become one write of the
 * newest state (applies running side by side would otherwise queue a write each). Each save's
 * promise settles once a write holding its state did.
 */
export function coalescedSaves(store: HeldRevisionsStore): HeldRevisionsStore {
  let latest: Map<string, number> | null = null;
  let waiters: { resolve(): void; reject(error: unknown): void }[] = [];
  let writing: Promise<void> | null = null;

  const drain = async () => {
    while (latest) {
      const held = latest;
      const mine = waiters;
      latest = null;
      waiters = [];
      try {
        await store.save(held);
        for (const w of mine) w.resolve();
      } catch (error) {
        for (const w of mine) w.reject(error);
      }
    }
    writing = null;
  };

  return {
    load: () => store.load(),
    save(held) {
      latest = new Map(held);
      const done = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      writing ??= drain();
      return done;
    },
  };
}
