/**
 * Where a node's agent keeps the revision it holds of each object (`site:42` -> 7) across its
 * restarts, to skip work it already applied and to tell the panel what it is behind on.
 */
export interface HeldRevisionsStore {
  /** What was saved last; empty when nothing was. */
  load(): Promise<Map<string, number>>;
  /** Replaces what is saved: a crash leaves the old or the new, never half of either. */
  save(held: ReadonlyMap<string, number>): Promise<void>;
}
