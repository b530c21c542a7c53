import { describe, expect, it } from 'vitest';
import type { HeldRevisionsStore } from '../platform/held-revisions/held-revisions.port.ts';
import { coalescedSaves } from './held-revisions.ts';

describe('held revisions: saves one at a time, coalesced', () => {
  it('writes the newest state once for the saves asked during a write', async () => {
    const writes: Record<string, number>[] = [];
    let gate: () => void = () => undefined;
    const store: HeldRevisionsStore = {
      load: async () => new Map(),
      async save(held) {
        writes.push(Object.fromEntries(held));
        await new Promise<void>((resolve) => (gate = resolve));
      },
    };
    const held = coalescedSaves(store);
    const state = new Map([['a', 1]]);
    const first = held.save(state);
    const later = [2, 3, 4].map((r) => held.save(state.set('a', r)));
    gate();
    await first;
    await new Promise((r) => setImmediate(r));
    gate();
    await Promise.all(later);
    expect(writes).toEqual([{ a: 1 }, { a: 4 }]);
  });
});
