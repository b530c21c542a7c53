import type { Compilable, CompiledQuery } from 'kysely';
import { directReaderOf } from './database.ts';

const MARK = Symbol('prepared-parameter');
interface Marker {
  [MARK]: number;
}
const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && MARK in value;

/**
 * A query built and compiled by Kysely once, then run with new values: for the few queries on
 * every request (GET /api/user), where building and compiling cost more than SQLite's answer.
 * `build` is called once with markers in place of the arguments; each marker's place among the
 * compiled parameters is remembered, so values go in their right place whatever their order.
 * The query's shape must not depend on the values (no `if (x)` inside `build`). On SQLite it
 * runs straight on node:sqlite's cached statement (`DirectReader`; Kysely's plugins, of which the
 * panel has none, are not applied there): Kysely's driver takes a connection mutex and several
 * promise hops per query, which cost more than SQLite's answer here.
 */
export function prepareQuery<A extends unknown[], R>(
  db: { executeQuery: <O>(query: CompiledQuery<O>) => Promise<{ rows: O[] }> },
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let sources: number[] = [];
  const read = directReaderOf(db);
  return async (...args: A) => {
    if (!compiled) {
      const markers = args.map((_, i): Marker => ({ [MARK]: i }));
      compiled = build(...(markers as unknown as A)).compile();
      sources = compiled.parameters.map((p) => {
        if (!isMarker(p)) throw new Error('prepareQuery: every parameter must come from an argument');
        return p[MARK];
      });
    }
    const parameters = sources.map((i) => args[i]);
    const direct = read?.(compiled.sql, parameters);
    if (direct) return direct as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
