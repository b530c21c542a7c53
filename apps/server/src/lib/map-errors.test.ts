import { describe, expect, it } from 'vitest';
import { mapErrors } from './map-errors.ts';

describe('mapErrors', () => {
  const mapped = (error: unknown) => new Error(`mapped: ${String((error as Error).message)}`);
  const target = {
    value: 7,
    sync: (): number => {
      throw new Error('sync');
    },
    async later(x: number): Promise<number> {
      if (x < 0) throw new Error('async');
      return x * 2;
    },
    async *items(fail: boolean): AsyncGenerator<number> {
      yield 1;
      if (fail) throw new Error('iter');
      yield 2;
    },
  };
  const wrapped = mapErrors(target, mapped);

  it('passes values through and maps every kind of failure', async () => {
    expect(wrapped.value).toBe(7);
    expect(await wrapped.later(2)).toBe(4);
    expect(() => wrapped.sync()).toThrow('mapped: sync');
    await expect(wrapped.later(-1)).rejects.toThrow('mapped: async');
    const seen: number[] = [];
    for await (const n of wrapped.items(false)) seen.push(n);
    expect(seen).toEqual([1, 2]);
    await expect(
      (async () => {
        for await (const _ of wrapped.items(true));
      })(),
    ).rejects.toThrow('mapped: iter');
  });
});
