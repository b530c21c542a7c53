import { dns } from '@haven/contract';
import { notFound } from './dns.errors.ts';
import type { DomainRef } from '../../model/principal.ts';
import { renderZoneFile } from '../../platform/dns/zone-file.ts';
import { defaultRecords } from './dns-defaults.ts';
import { signature, toDraft, type RecordDraft } from './dns-records.ts';
import { blockedKind, checkRecord, checkRemoval } from './dns-rules.ts';
import { createAdditions } from './dns-additions.ts';
import { mergeDefaults, type ContributedDefaults } from './dns-contributed.ts';
import { createZoneSync, type CurrentZone, type StoredRecord, type SyncDeps } from './dns-sync.ts';
import { providerViews, sortViews, toView, viewContext } from './dns-view.ts';
import { buildZone } from './zone-builder.ts';
import { reconcileZone } from './dns-reconcile.ts';
import { createMailZone } from './dns-mail-zone.ts';
import type { FullDefaults } from './dns-contributed.ts';
import { resetPreviewOf } from './dns-reset.ts';

export type DnsDeps = SyncDeps & {
  /** Records other areas keep in the defaults (registered through the DNS area's exports). */
  contributed?: ContributedDefaults;
};

const COUNTED_FOR_MX = new Set(['A', 'CNAME', 'HOST']);

/** Kinds that give a name an address: a subdomain's name with one of these is served already. */
const ADDRESS_KINDS: ReadonlySet<string> = new Set(['A', 'AAAA', 'CNAME', 'HOST']);

export function createDnsService(deps: DnsDeps) {
  const { settings, store } = deps;
  const sync = createZoneSync(deps);
  const additions = createAdditions(sync, settings);
  const hasSpam = (c: CurrentZone) => c.zone.has_spamfilter === 1;
  const defaultsOf = (c: CurrentZone) => defaultRecords(settings, hasSpam(c));
  const ruleContext = (domain: DomainRef, c: CurrentZone, others: readonly RecordDraft[]) => ({
    domain: domain.name,
    others,
    hasSpamfilter: hasSpam(c),
    settings,
  });
  const viewOf = (
    domain: DomainRef,
    c: CurrentZone,
    row: StoredRecord,
    all: readonly RecordDraft[],
  ) => toView(row, viewContext(domain.name, all, settings, defaultsOf(c)));
  const find = (c: CurrentZone, id: number) =>
    c.records.find((r) => r.id === id) ?? notFoundRecord();
  const notFoundRecord = (): never => {
    throw notFound('record_not_found');
  };

  function listOf(domain: DomainRef, c: CurrentZone, defaults: RecordDraft[]): dns.DnsList {
    const ctx = viewContext(domain.name, c.records, settings, defaults);
    return {
      ns_remote: c.zone.ns_remote === 1,
      records: sortViews([
        ...providerViews(c.zone.serial, ctx),
        ...c.records.map((r) => toView(r, ctx)),
      ]),
      services: settings.services,
      has_spamfilter: hasSpam(c),
      a_cname_host_count: c.records.filter((r) => COUNTED_FOR_MX.has(r.kind)).length,
      mx_target: settings.mailHost,
      serial: c.zone.serial,
    };
  }

  const locked = <T>(domain: DomainRef, fn: (c: CurrentZone) => Promise<T>) =>
    sync.withLock(domain.id, async () => fn(await sync.load(domain)));

  /**
   * The defaults a reset gives: the provider's and those other areas keep (the subdomains'
   * names, mail's DKIM and DMARC while mail is on).
   */
  const fullDefaults = (domain: DomainRef, c: CurrentZone): Promise<FullDefaults> =>
    deps.contributed?.withDefaults(domain, defaultsOf(c)) ??
    Promise.resolve({ drafts: defaultsOf(c), because: new Map() });

  return {
    /** What the mail area may ask of the zone (model/mail-zone.ts), under the zone's lock. */
    mailZone: createMailZone(sync, settings, additions),

    // The zone and the other areas' defaults are read side by side (one wait on PostgreSQL).
    list: (domain: DomainRef) =>
      sync.withLock(domain.id, async () => {
        const [c, more] = await Promise.all([
          sync.load(domain),
          deps.contributed?.records(domain) ?? [],
        ]);
        return listOf(domain, c, mergeDefaults(defaultsOf(c), more));
      }),

    available: (domain: DomainRef): Promise<dns.DnsAvailable> =>
      locked(domain, async (c) => ({
        kinds: dns.EDITABLE_TYPES.map((record) => ({
          record,
          blocked: blockedKind(record, c.records, hasSpam(c)),
        })),
        services: settings.services,
        protocols: [...dns.SRV_PROTOCOLS],
        priorities: [...dns.PRIORITIES],
        caa_tags: [...dns.CAA_TAGS],
        ttl: {
          min: dns.DNS_LIMITS.ttlMin,
          max: dns.DNS_LIMITS.ttlMax,
          default: dns.DNS_LIMITS.ttlDefault,
        },
        hosting: { ipv4: settings.hostingIpv4, ipv6: settings.hostingIpv6 },
        mx_target: settings.mailHost,
      })),

    create: (domain: DomainRef, input: dns.RecordData) =>
      locked(domain, async (c) => {
        const draft = toDraft(input, domain.name);
        checkRecord(draft, ruleContext(domain, c, c.records));
        const next = [...c.records, draft];
        const [id = 0] = await sync.commit(domain, c, next, { insert: [draft] });
        return viewOf(domain, c, { ...draft, id }, next);
      }),

    update: (domain: DomainRef, id: number, input: dns.RecordData) =>
      locked(domain, async (c) => {
        const old = find(c, id);
        const draft = toDraft(input, domain.name);
        const others = c.records.filter((r) => r.id !== id);
        if (signature(old) === signature(draft) && old.ttl === draft.ttl)
          return viewOf(domain, c, old, c.records);
        checkRemoval(old, ruleContext(domain, c, others));
        checkRecord(draft, ruleContext(domain, c, others), old);
        // The customer's edit makes a record Haven served a subdomain with their own: it stays.
        const mine = { ...draft, served_for: null };
        const next = [...others, { ...mine, id }];
        await sync.commit(domain, c, next, { update: { id, draft: mine } });
        return viewOf(domain, c, { ...draft, id }, next);
      }),

    remove: (domain: DomainRef, id: number) =>
      locked(domain, async (c) => {
        checkRemoval(find(c, id), { hasSpamfilter: hasSpam(c) });
        await sync.commit(
          domain,
          c,
          c.records.filter((r) => r.id !== id),
          { delete: [id] },
        );
        return { deleted: true as const };
      }),

    /** Adds the records the zone lacks (see `ZoneRecords.ensure` in model/dns-records.ts). */
    ensureRecords: (domain: DomainRef, inputs: readonly dns.RecordInput[]) =>
      locked(domain, (c) => additions.addMissing(domain, c, inputs)),

    /**
     * A HOST record for `host` unless an address record (A, AAAA, CNAME, HOST) has that name;
     * the one added is marked as served for that subdomain (`releaseName` removes it).
     */
    serveName: (domain: DomainRef, host: string) =>
      locked(domain, async (c) =>
        c.records.some((r) => r.host === host && ADDRESS_KINDS.has(r.kind))
          ? { added: 0 }
          : additions.addDrafts(
              domain,
              c,
              additions
                .draftsOf(domain, [{ record: 'HOST', host }])
                .map((d) => ({ ...d, served_for: host })),
            ),
      ),

    /** Removes what Haven served the subdomain `host` with; the customer's own records stay. */
    releaseName: (domain: DomainRef, host: string) =>
      locked(domain, async (c) => {
        const ids = c.records.filter((r) => r.served_for === host).map((r) => r.id);
        if (ids.length > 0)
          await sync.commit(
            domain,
            c,
            c.records.filter((r) => !ids.includes(r.id)),
            { delete: ids },
          );
        return { removed: ids.length };
      }),

    /** What a reset removes (records not in the defaults), keeps (and why) and adds. */
    resetPreview: (domain: DomainRef) =>
      locked(domain, async (c) => {
        const defaults = await fullDefaults(domain, c);
        const ctx = viewContext(domain.name, c.records, settings, defaults.drafts);
        return resetPreviewOf(c, defaults, ctx);
      }),

    reset: (domain: DomainRef) =>
      locked(domain, async (c) => {
        const { drafts } = await fullDefaults(domain, c);
        await sync.commit(domain, c, drafts, { clear: true, insert: drafts });
        return listOf(domain, await sync.load(domain), drafts);
      }),

    zoneFile: (domain: DomainRef) =>
      locked(domain, async (c) => {
        const zone = buildZone(domain.name, c.zone.serial, c.records, settings);
        const text = renderZoneFile(
          zone,
          `Zone ${domain.name}, serial ${c.zone.serial}, exported from the control panel.`,
        );
        return { zone_file: text, serial: c.zone.serial };
      }),

    /** After the operator adds a domain, or to re-serve a zone from SQL (reconcile). Idempotent. */
    provision: (domain: DomainRef) =>
      sync.withLock(domain.id, () => sync.provision(domain)).then(() => undefined),

    /** `haven reconcile`: serves the zone again when it differs from SQL; answers what differed. */
    reconcile: (domain: DomainRef) =>
      sync.withLock(domain.id, () => reconcileZone(deps, sync, domain)),

    /** Serves the domain's website forward from SQL again (reconcile), without a zone change. */
    serveForward: (domain: DomainRef) => sync.withLock(domain.id, () => sync.serveForward(domain)),

    /** The spam filter product: its MX records replace the domain's MX records, or the reverse. */
    setSpamfilter: (domain: DomainRef, on: boolean) =>
      locked(domain, async (c) => {
        if (hasSpam(c) === on) return;
        const mx = c.records.filter((r) => r.kind === 'MX');
        const fresh = defaultRecords(settings, on).filter((r) => r.kind === 'MX');
        const next = [...c.records.filter((r) => r.kind !== 'MX'), ...fresh];
        await sync.commit(domain, c, next, {
          delete: mx.map((r) => r.id),
          insert: fresh,
          flags: { has_spamfilter: on ? 1 : 0 },
        });
      }),

    /**
     * The operator marks a domain as delegated to name servers elsewhere (the list then shows the
     * notice), or clears it with `null`. Haven keeps serving its zone either way.
     */
    setNameservers: (domain: DomainRef, hosts: readonly string[] | null) =>
      locked(domain, async () => {
        const remote = hosts !== null && hosts.length > 0;
        await store.setFlags(domain.id, {
          ns_remote: remote ? 1 : 0,
          ns_remote_hosts: remote ? hosts.join(' ') : null,
        });
      }),
  };
}
export type DnsService = ReturnType<typeof createDnsService>;
