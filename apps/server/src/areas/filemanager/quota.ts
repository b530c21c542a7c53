import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import { fail } from './filemanager.errors.ts';
import type { Files } from './fm-files.ts';

const MB = 1_000_000;
/**
 * A measured usage is trusted this long, then measured again in the background (the old figure
 * answers meanwhile): walking a home of 100,000 files takes seconds (docs/performance.md), too
 * long for every upload. The file manager's own changes are added as they happen; what FTP or
 * PHP wrote is seen at the next measurement.
 */
const FRESH_MS = 60_000;

export type QuotaDomain = Pick<DomainRef, 'id' | 'name' | 'diskQuotaMb'>;

/** Room held for one operation under way: it grows as bytes arrive. */
export interface Hold {
  /** Holds `bytes` more; throws `quota_exceeded` (holding nothing more) when they do not fit. */
  grow(bytes: number): void;
  /** The work landed: its effect on the usage is `delta` bytes; the hold is let go. */
  done(delta: number): void;
  /** The work failed or was undone: the hold is let go, the usage unchanged. */
  free(): void;
}

/**
 * The plan's disk space (`disk_quota_mb`, SI megabytes) against the domain's usage: home and
 * trash (the port's `usage`). Every operation that adds bytes holds room for them first, so
 * parallel uploads cannot pass the limit together.
 */
export function createQuota(files: Files, clock: Clock) {
  const measured = new Map<number, { bytes: number; at: number }>();
  const measuring = new Map<number, Promise<number>>();
  const held = new Map<number, number>();

  function measure(domain: QuotaDomain): Promise<number> {
    let pending = measuring.get(domain.id);
    if (!pending) {
      const at = clock.now();
      pending = files.port
        .usage(domain.name)
        .then(({ home, trash }) => {
          measured.set(domain.id, { bytes: home + trash, at });
          return home + trash;
        })
        .finally(() => measuring.delete(domain.id));
      measuring.set(domain.id, pending);
    }
    return pending;
  }

  async function used(domain: QuotaDomain): Promise<number> {
    const known = measured.get(domain.id);
    if (!known) return measure(domain);
    if (clock.now() - known.at >= FRESH_MS) measure(domain).catch(() => undefined);
    return known.bytes;
  }

  const limitOf = (domain: QuotaDomain) => domain.diskQuotaMb * MB;
  const heldBy = (domain: QuotaDomain) => held.get(domain.id) ?? 0;
  const setHeld = (domain: QuotaDomain, bytes: number) =>
    bytes > 0 ? held.set(domain.id, bytes) : held.delete(domain.id);

  /** Adds `delta` to the known usage (until the next measurement replaces it). */
  function adjust(domain: QuotaDomain, delta: number): void {
    const known = measured.get(domain.id);
    if (known) known.bytes = Math.max(0, known.bytes + delta);
  }

  /** Room for `bytes` (more may be asked for with `grow`); `quota_exceeded` when it is not there. */
  async function hold(domain: QuotaDomain, bytes = 0): Promise<Hold> {
    await used(domain);
    let mine = 0;
    const grow = (more: number) => {
      const now = (measured.get(domain.id)?.bytes ?? 0) + heldBy(domain);
      if (more > 0 && now + more > limitOf(domain)) {
        throw fail('quota_exceeded', 'too_large', {
          used: String(measured.get(domain.id)?.bytes ?? 0),
          limit: String(limitOf(domain)),
        });
      }
      mine += more;
      setHeld(domain, heldBy(domain) + more);
    };
    const free = () => {
      setHeld(domain, heldBy(domain) - mine);
      mine = 0;
    };
    grow(bytes);
    return {
      grow,
      free,
      done(delta) {
        free();
        adjust(domain, delta);
      },
    };
  }

  return {
    /** What the file manager shows and enforces: bytes used (home and trash) and the limit. */
    async usage(domain: QuotaDomain): Promise<{ used: number; limit: number }> {
      return { used: await used(domain), limit: limitOf(domain) };
    },

    adjust,
    hold,

    /** Runs `work` with room for `bytes` held; when it succeeds the usage grows by `delta`. */
    async spend<T>(
      domain: QuotaDomain,
      bytes: number,
      work: () => Promise<T>,
      delta = bytes,
    ): Promise<T> {
      const h = await hold(domain, bytes);
      try {
        const result = await work();
        h.done(delta);
        return result;
      } catch (error) {
        h.free();
        throw error;
      }
    },
  };
}
export type Quota = ReturnType<typeof createQuota>;
