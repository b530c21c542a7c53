import type { Clock } from '../../lib/clock.ts';
import type { DomainDiskUsage } from '../../model/disk-usage.ts';
import type { DomainRef } from '../../model/principal.ts';
import { partsSum, type DiskMeter, type DiskParts } from './disk-meter.service.ts';
import { fail } from './filemanager.errors.ts';

const MB = 1_000_000;
/**
 * A measured usage is trusted this long, then measured again in the background (the old figure
 * answers meanwhile): walking a home of 100,000 files takes seconds, too
 * long for every upload. The file manager's own changes are added as they happen; what FTP or
 * PHP wrote is seen at the next measurement.
 */
const FRESH_MS = 60_000;
/** A figure older than this (nobody asked for a while) is measured again before it answers. */
const STALE_MS = 10 * 60_000;

export type QuotaDomain = Pick<DomainRef, 'id' | 'name' | 'diskQuotaMb' | 'node'>;

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
 * The plan's disk space (`disk_quota_mb`, SI megabytes) against the domain's usage: home, trash,
 * databases and mailboxes (`disk-meter.service.ts`), the one figure the dashboard and the statistics
 * show too. Every operation that adds bytes holds room for them first, so parallel uploads
 * cannot pass the limit together.
 */
export function createQuota(meter: DiskMeter, clock: Clock) {
  /** The last measurement and the file manager's own changes since (`drift`). */
  const measured = new Map<number, { parts: DiskParts; drift: number; at: number }>();
  const measuring = new Map<number, Promise<{ parts: DiskParts; drift: number; at: number }>>();
  const held = new Map<number, number>();

  function measure(domain: QuotaDomain) {
    let pending = measuring.get(domain.id);
    if (!pending) {
      const at = clock.now();
      pending = meter(domain)
        .then((parts) => {
          const known = { parts, drift: 0, at };
          measured.set(domain.id, known);
          return known;
        })
        .finally(() => measuring.delete(domain.id));
      measuring.set(domain.id, pending);
    }
    return pending;
  }

  async function known(domain: QuotaDomain) {
    const last = measured.get(domain.id);
    if (!last || clock.now() - last.at >= STALE_MS) return measure(domain);
    if (clock.now() - last.at >= FRESH_MS) measure(domain).catch(() => undefined);
    return last;
  }

  const bytesOf = (k: { parts: DiskParts; drift: number }) =>
    Math.max(0, partsSum(k.parts) + k.drift);
  const usedNow = (domain: QuotaDomain) => {
    const k = measured.get(domain.id);
    return k ? bytesOf(k) : 0;
  };
  const limitOf = (domain: QuotaDomain) => domain.diskQuotaMb * MB;
  const heldBy = (domain: QuotaDomain) => held.get(domain.id) ?? 0;
  const setHeld = (domain: QuotaDomain, bytes: number) =>
    bytes > 0 ? held.set(domain.id, bytes) : held.delete(domain.id);

  /** Adds `delta` to the known usage (until the next measurement replaces it). */
  function adjust(domain: QuotaDomain, delta: number): void {
    const last = measured.get(domain.id);
    if (last) last.drift += delta;
  }

  /** Room for `bytes` (more may be asked for with `grow`); `quota_exceeded` when it is not there. */
  async function hold(domain: QuotaDomain, bytes = 0): Promise<Hold> {
    await known(domain);
    let mine = 0;
    const grow = (more: number) => {
      const now = usedNow(domain) + heldBy(domain);
      if (more > 0 && now + more > limitOf(domain)) {
        throw fail('quota_exceeded', 'too_large', {
          used: String(usedNow(domain)),
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

  const figures = (
    domain: QuotaDomain,
    k: { parts: DiskParts; drift: number; at: number },
  ): DomainDiskUsage => ({
    ...k.parts,
    used: bytesOf(k),
    limit: limitOf(domain),
    measured_at: k.at,
  });

  return {
    /** What the file manager shows and enforces: bytes used and the limit. */
    async usage(domain: QuotaDomain): Promise<{ used: number; limit: number }> {
      return { used: bytesOf(await known(domain)), limit: limitOf(domain) };
    },
    /** The same figure with its parts and time (the dashboard's and the statistics'). */
    current: async (domain: QuotaDomain) => figures(domain, await known(domain)),
    /** Measured now (the statistics' refresh). */
    measureNow: async (domain: QuotaDomain) => figures(domain, await measure(domain)),

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
