import { unavailable } from './dns.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { WebsiteForwards } from '../../model/website-forwards.ts';
import type { DnsServer } from '../../platform/dns/dns.port.ts';
import type { DnsSettings } from './dns-provider-settings.ts';
import { defaultRecords } from './dns-defaults.ts';
import type { RecordDraft } from './dns-records.ts';
import { createForwardServing, forwardOf, sameForward } from './dns-forward.ts';
import type { DnsStore, ZoneRow, ZoneWrite } from './dns.store.ts';
import { buildZone, nextSerial } from './zone-builder.ts';

export type StoredRecord = RecordDraft & { id: number };

export interface CurrentZone {
  zone: ZoneRow;
  records: StoredRecord[];
}

export interface SyncDeps {
  store: DnsStore;
  /** The DNS server on each node: a domain's zone is served by its node's. */
  server: NodePorts<DnsServer>;
  /** The web server's side of the FORWARD record (the webhosting area's, via the registry). */
  forwards: WebsiteForwards;
  settings: DnsSettings;
  clock: Clock;
  logger: { error(obj: object, msg: string): void };
}

/**
 * The one path by which a zone changes: per-domain lock, desired state from SQL, new serial,
 * the website forward (when it changes) to the web server, the zone to the DNS server, then
 * SQL. When a server refuses, SQL is untouched and what was applied before is put back; when
 * SQL fails, the old forward and zone are served again (the zone under a newer serial).
 */
export function createZoneSync(deps: SyncDeps) {
  const { store, server, settings, clock, logger } = deps;
  const locks = new Map<number, Promise<unknown>>();
  const forwarding = createForwardServing(deps.forwards, logger);

  function withLock<T>(domainId: number, fn: () => Promise<T>): Promise<T> {
    const next = (locks.get(domainId) ?? Promise.resolve()).then(fn, fn);
    locks.set(domainId, next);
    const clear = () => {
      if (locks.get(domainId) === next) locks.delete(domainId);
    };
    next.then(clear, clear);
    return next;
  }

  async function apply(
    domain: DomainRef,
    serial: number,
    records: readonly RecordDraft[],
  ): Promise<void> {
    try {
      await server(domain.node).applyZone(buildZone(domain.name, serial, records, settings));
    } catch (error) {
      logger.error({ err: error, domain: domain.name }, 'the DNS server did not take the zone');
      throw unavailable('dns_unavailable', error);
    }
  }

  async function commit(
    domain: DomainRef,
    current: CurrentZone,
    next: readonly RecordDraft[],
    write: Omit<ZoneWrite, 'domainId' | 'serial' | 'now'>,
  ): Promise<number[]> {
    const now = clock.now();
    const serial = nextSerial(current.zone.serial, now);
    const [before, after] = [forwardOf(current.records), forwardOf(next)];
    const forwardChanged = !sameForward(before, after);
    if (forwardChanged) await forwarding.serve(domain.name, after);
    const restoreForward = async () => {
      if (forwardChanged) await forwarding.restore(domain.name, before);
    };
    try {
      await apply(domain, serial, next);
    } catch (error) {
      await restoreForward();
      throw error;
    }
    try {
      return await store.write({ ...write, domainId: domain.id, serial, now });
    } catch (error) {
      const back = serial + 1;
      await server(domain.node)
        .applyZone(buildZone(domain.name, back, current.records, settings))
        .catch((e: unknown) => logger.error({ err: e }, 'restoring the zone failed'));
      await store.setSerial(domain.id, back, now).catch(() => {});
      await restoreForward();
      throw error;
    }
  }

  /**
   * Creates the zone with the provider's defaults; when it exists, serves it again as stored
   * under a new serial (the settings behind HOST records or the SOA may have changed), and its
   * website forward (or none: a leftover is removed).
   */
  async function provision(domain: DomainRef): Promise<CurrentZone> {
    const now = clock.now();
    const zone = await store.zone(domain.id);
    if (zone) {
      const records = await store.records(domain.id);
      const serial = nextSerial(zone.serial, now);
      await forwarding.serve(domain.name, forwardOf(records));
      await apply(domain, serial, records);
      await store.setSerial(domain.id, serial, now);
      return { zone: { ...zone, serial, updated_at: now }, records };
    }
    const serial = nextSerial(0, now);
    const defaults = defaultRecords(settings, false);
    await forwarding.serve(domain.name, forwardOf(defaults));
    await apply(domain, serial, defaults);
    await store.write({ domainId: domain.id, serial, now, insert: defaults });
    return load(domain);
  }

  /** The stored zone; a domain from before the DNS area gets its default zone first. */
  async function load(domain: DomainRef): Promise<CurrentZone> {
    // Both at once (one wait on PostgreSQL); a zone not made yet is rare, its records are empty then.
    const [zone, records] = await Promise.all([store.zone(domain.id), store.records(domain.id)]);
    if (!zone) return provision(domain);
    return { zone, records };
  }

  /**
   * Serves the stored website forward again, or removes a leftover one (reconcile); answers
   * whether the web server's config differed.
   */
  async function serveForward(domain: DomainRef): Promise<boolean> {
    return forwarding.serve(domain.name, forwardOf(await store.records(domain.id)));
  }

  return { withLock, load, commit, provision, serveForward };
}
export type ZoneSync = ReturnType<typeof createZoneSync>;
