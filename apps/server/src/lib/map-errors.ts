const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

async function* mapIterable<V>(
  source: AsyncIterable<V>,
  map: (error: unknown) => unknown,
): AsyncGenerator<V> {
  try {
    yield* source;
  } catch (error) {
    throw map(error);
  }
}

async function mapPromise<V>(promise: Promise<V>, map: (error: unknown) => unknown): Promise<V> {
  try {
    return await promise;
  } catch (error) {
    throw map(error);
  }
}

/**
 * The same object with every method's failures passed through `map` (a throw, a rejected
 * promise, or an async iterable that fails): one place turns one layer's errors into the next's.
 */
export function mapErrors<T extends object>(target: T, map: (error: unknown) => unknown): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(target)) {
    if (typeof value !== 'function') {
      out[key] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => unknown;
    out[key] = (...args: unknown[]) => {
      let result: unknown;
      try {
        result = method.apply(target, args);
      } catch (error) {
        throw map(error);
      }
      if (result instanceof Promise) return mapPromise(result, map);
      if (isAsyncIterable(result)) return mapIterable(result, map);
      return result;
    };
  }
  return out as T;
}
