/**
 * Whether the database server answers, without a round trip for every asker: a query it
 * answered within `freshMs` says so already, and askers that come while a check is under way
 * share it. The database screens ask on every list (to say whether the server can be reached);
 * with the panel busy those pings queued behind the pool's few connections and slowed the list.
 */
export interface RecentAnswer {
  /** A query was answered just now. */
  answered(): void;
  /** The server could not be reached: the next asker checks again. */
  lost(): void;
  /** True when the server answered within `freshMs`, else the result of `check` (shared). */
  alive(): Promise<boolean>;
}

export function createRecentAnswer(options: {
  freshMs: number;
  /** A monotonic clock in ms. */
  now: () => number;
  /** One real round trip; calls `answered` or `lost` itself through the query it makes. */
  check: () => Promise<boolean>;
}): RecentAnswer {
  let answeredAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<boolean> | undefined;
  return {
    answered() {
      answeredAt = options.now();
    },
    lost() {
      answeredAt = Number.NEGATIVE_INFINITY;
    },
    alive() {
      if (options.now() - answeredAt < options.freshMs) return Promise.resolve(true);
      checking ??= options.check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
  };
}
