import type { Compilable, CompiledQuery } from 'kysely';
import { changesOf, directReaderOf } from './database.ts';

const MARK = Symbol('prepared-parameter');
interface Marker {
  [MARK]: number;
}
const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && MARK in value;

export interface PrepareOptions {
  /**
   * Keep each answer this long, as long as this process writes nothing to the database in the
   * meantime (any write, to any table, drops every kept answer). For reads on every request
   * whose rows another process (the operator CLI, a second panel instance) changes rarely: such
   * a change shows within this time. Kept rows are frozen.
   */
  cacheMs?: number;
  /** At most this many kept answers (oldest dropped first). */
  cacheMax?: number;
}

interface Kept<R> {
  rows: readonly R[];
  changes: number;
  until: number;
}

function freeze<R>(rows: R[]): readonly R[] {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
}

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
  options: PrepareOptions = {},
): (...args: A) => Promise<readonly R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let sources: number[] = [];
  const read = directReaderOf(db);

  async function run(args: A): Promise<R[]> {
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
  }

  const changes = changesOf(db);
  const ttl = options.cacheMs ?? 0;
  // Without a write count (a transaction's handle, another Kysely) nothing can be kept safely.
  if (ttl <= 0 || !changes) return async (...args: A) => run(args);

  const max = options.cacheMax ?? 10_000;
  const kept = new Map<string, Kept<R>>();
  return async (...args: A) => {
    const key = JSON.stringify(args);
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.changes === changes.value && hit.until > now) return hit.rows;
    // Noted before the read: a write that lands while it runs makes this answer count as old.
    const before = changes.value;
    const rows = freeze(await run(args));
    if (!compiled || compiled.query.kind !== 'SelectQueryNode') return rows;
    kept.delete(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, { rows, changes: before, until: now + ttl });
    return rows;
  };
}
