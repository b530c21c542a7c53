import type { DomainRef } from '../../model/principal.ts';
import { defaultRecords } from './dns-defaults.ts';
import { signature } from './dns-records.ts';
import type { SyncDeps, ZoneSync } from './dns-sync.ts';
import { buildZone } from './zone-builder.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `haven reconcile` for one zone: the website forward (nginx), then the zone. Runs under the
 * zone's lock (the caller takes it). Answers what differed, in Haven's terms.
 */
export async function reconcileZone(
  deps: SyncDeps,
  sync: ZoneSync,
  domain: DomainRef,
): Promise<string[]> {
  const forward = (await deps.store.zone(domain.id)) && (await sync.serveForward(domain));
  const texts = forward ? [`website forward of ${domain.name} rewritten in nginx`] : [];
  return [...texts, ...(await reconcileRecords(deps, sync, domain))];
}

/**
 * Compares the served zone on the domain's node with SQL (PowerDNS's RRsets, or the zone file);
 * re-applies the spam filter MX records when the domain has the spam filter, else serves the
 * zone again under a new serial when it differs.
 */
async function reconcileRecords(
  deps: SyncDeps,
  sync: ZoneSync,
  domain: DomainRef,
): Promise<string[]> {
  const { store, server, settings } = deps;
  const name = domain.name;
  if (!(await store.zone(domain.id))) {
    await sync.provision(domain);
    return [`zone ${name} created with the default records`];
  }
  const c = await sync.load(domain);
  // Asked first: the node's answer also says which server it compared in (the texts name it).
  const diff = await server(domain.node).diffZone(
    buildZone(name, c.zone.serial, c.records, settings),
  );
  const where = diff.server === 'powerdns' ? 'PowerDNS' : 'its zone file';
  if (c.zone.has_spamfilter === 1) {
    const mx = c.records.filter((r) => r.kind === 'MX');
    const fresh = defaultRecords(settings, true).filter((r) => r.kind === 'MX');
    const key = (rs: readonly Parameters<typeof signature>[0][]) =>
      rs
        .map((r) => `${signature(r)} ${r.ttl}`)
        .sort()
        .join('\n');
    if (key(mx) !== key(fresh)) {
      // commit serves the whole zone again, so what the diff found is served too.
      await sync.commit(domain, c, [...c.records.filter((r) => r.kind !== 'MX'), ...fresh], {
        delete: mx.map((r) => r.id),
        insert: fresh,
      });
      return [`zone ${name}: spam filter MX records re-applied and served by ${where}`];
    }
  }
  if (!diff.differs) return [];
  await sync.provision(domain);
  if (!diff.served)
    return [`zone ${name} was not served: ${plural(diff.added, 'record')} written to ${where}`];
  if (diff.added + diff.removed === 0) return [`zone ${name} rewritten in ${where}`];
  return [
    `zone ${name}: ${plural(diff.added, 'record')} added, ${plural(diff.removed, 'record')} removed in ${where}`,
  ];
}
