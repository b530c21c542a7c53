import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { youngCollector } from './young-collect.ts';

/** Young-generation collections seen while `fn` runs. */
async function minorCollections(fn: () => void): Promise<number> {
  const seen: unknown[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  fn();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return seen.filter(
    (e) =>
      (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR,
  ).length;
}

describe('youngCollector', () => {
  it('asks for one young collection each time the bytes pass the mark, not before', async () => {
    const written = youngCollector(1_000);
    expect(await minorCollections(() => written(999))).toBe(0);
    expect(await minorCollections(() => written(1))).toBe(1);
    expect(await minorCollections(() => [600, 600, 600].forEach(written))).toBe(1);
    expect('gc' in globalThis).toBe(false);
  });
});
