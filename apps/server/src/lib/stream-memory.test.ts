import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamMemoryHint } from './stream-memory.ts';

describe('streamMemoryHint', () => {
  const original = globalThis.gc;
  afterEach(() => {
    globalThis.gc = original;
  });

  it('asks for a young-generation collection every 8 MB streamed, when the panel exposes gc', () => {
    const gc = vi.fn();
    globalThis.gc = gc as unknown as NodeJS.GCFunction;
    const hint = streamMemoryHint();
    for (let i = 0; i < 20 * 16; i++) hint(64 * 1024); // 20 MiB in 64 kB chunks
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc).toHaveBeenCalledWith({ type: 'minor' });
  });

  it('does nothing without --expose-gc', () => {
    globalThis.gc = undefined;
    const hint = streamMemoryHint();
    expect(() => hint(64 * 1024 * 1024)).not.toThrow();
  });
});
