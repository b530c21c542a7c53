/**
 * Work keyed by object: one object's work runs one at a time in the order it was given, other
 * objects' work beside it, at most `limit` running at once. A slow or failing object holds up
 * only what comes after it on the same key.
 */
export function createObjectChains(limit: number) {
  const tails = new Map<string, Promise<void>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  const slot = async () => {
    if (running < limit) {
      running++;
      return;
    }
    // Handed over by the one that frees it: `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      const result = before.then(async () => {
        await slot();
        try {
          return await work();
        } finally {
          release();
        }
      });
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Resolves once all work given so far has ended. */
    async idle(): Promise<void> {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}
