import { isDomainName } from '@haven/contract';
import { countDiff, type DnsServer, type ResourceRecord, type Zone } from './dns.port.ts';
import { createInTurn } from '../../lib/in-turn.ts';

/** PowerDNS answered with an error; `detail` is its message (e.g. a content it cannot parse). */
export class PowerDnsError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`PowerDNS API ${status}: ${detail}`);
    this.name = 'PowerDnsError';
  }
  /** The typed reason a node reports, so the panel rebuilds this error (dns.remote.ts). */
  readonly reason = 'powerdns_refused';
}

interface RRset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
}

export interface PowerDnsOptions {
  /** Base URL of the PowerDNS webserver, e.g. http://127.0.0.1:8081. */
  url: string;
  apiKey: string;
  serverId?: string;
  timeoutMs?: number;
}

const key = (name: string, type: string) => `${name}/${type}`;

/** Groups records into RRsets with absolute names; one TTL per RRset (the lowest asked for). */
function rrsetsOf(zone: Zone): RRset[] {
  const sets = new Map<string, RRset>();
  const absolute = (r: ResourceRecord) =>
    r.name === '' ? `${zone.name}.` : `${r.name}.${zone.name}.`;
  for (const r of zone.records) {
    const name = absolute(r);
    const set = sets.get(key(name, r.type)) ?? { name, type: r.type, ttl: r.ttl, records: [] };
    set.ttl = Math.min(set.ttl, r.ttl);
    if (!set.records.some((x) => x.content === r.content))
      set.records.push({ content: r.content, disabled: false });
    sets.set(key(name, r.type), set);
  }
  return [...sets.values()];
}

const sameSet = (a: RRset, b: RRset) =>
  a.ttl === b.ttl &&
  a.records.length === b.records.length &&
  JSON.stringify(a.records.map((r) => r.content).sort()) ===
    JSON.stringify(b.records.map((r) => r.content).sort());

/**
 * Zones on a PowerDNS authoritative server through its HTTP API (any backend). Each apply makes
 * the served zone equal to the desired one in a single PATCH: RRsets that are no longer wanted
 * are deleted first, then every changed RRset is replaced. Haven keeps the SOA serial itself,
 * so zones are created with SOA-EDIT-API off.
 */
export function createPowerDnsServer(options: PowerDnsOptions): DnsServer {
  // The gsqlite3 backend answers "database is locked" (500) to API writes that overlap, and the
  // agent applies several objects side by side: one write at a time per server.
  const write = createInTurn();
  const base = `${options.url.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}`;
  const zoneId = (name: string) => {
    if (!isDomainName(name)) throw new Error(`not a domain name: ${name}`);
    return `${name}.`;
  };

  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'X-API-Key': options.apiKey,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { error: text.slice(0, 300) };
    }
    return { status: response.status, json };
  }

  const fail = (r: { status: number; json: unknown }) =>
    new PowerDnsError(r.status, powerDnsDetail(r.json));

  /** Every record of RRsets as one line each, to count what differs. */
  const flat = (sets: readonly RRset[]) =>
    sets.flatMap((s) => s.records.map((r) => `${s.name} ${s.type} ${s.ttl} ${r.content}`));

  return {
    async diffZone(zone: Zone) {
      const wanted = rrsetsOf(zone);
      const current = await call(
        'GET',
        `/zones/${encodeURIComponent(zoneId(zone.name))}?rrsets=true`,
      );
      if (current.status === 404)
        return {
          server: 'powerdns',
          served: false,
          added: flat(wanted).length,
          removed: 0,
          differs: true,
        };
      if (current.status !== 200) throw fail(current);
      const served = flat((current.json as { rrsets?: RRset[] }).rrsets ?? []);
      return { server: 'powerdns', ...countDiff(flat(wanted), served) };
    },
    applyZone: (zone: Zone) => write(() => applyZone(zone)),
    removeZone: (name: string) =>
      write(async () => {
        const r = await call('DELETE', `/zones/${encodeURIComponent(zoneId(name))}`);
        if (r.status !== 204 && r.status !== 404) throw fail(r);
      }),
  };

  async function applyZone(zone: Zone): Promise<void> {
    const id = zoneId(zone.name);
    const wanted = rrsetsOf(zone);
    const current = await call('GET', `/zones/${encodeURIComponent(id)}?rrsets=true`);
    if (current.status === 404) {
      const created = await call('POST', '/zones', {
        name: id,
        kind: 'Native',
        soa_edit_api: '',
        nameservers: [],
        rrsets: wanted,
      });
      if (created.status !== 201) throw fail(created);
      return;
    }
    if (current.status !== 200) throw fail(current);
    const served = new Map(
      ((current.json as { rrsets?: RRset[] }).rrsets ?? []).map((s) => [key(s.name, s.type), s]),
    );
    const wantedKeys = new Set(wanted.map((s) => key(s.name, s.type)));
    const deletes = [...served.values()]
      .filter((s) => !wantedKeys.has(key(s.name, s.type)))
      .map((s) => ({ name: s.name, type: s.type, changetype: 'DELETE' }));
    const replaces = wanted
      .filter((s) => {
        const now = served.get(key(s.name, s.type));
        return !now || !sameSet(now, s);
      })
      .map((s) => ({ ...s, changetype: 'REPLACE' }));
    if (deletes.length + replaces.length === 0) return;
    // Deletes first: a CNAME may replace an A record at the same name in this one PATCH.
    const patched = await call('PATCH', `/zones/${encodeURIComponent(id)}`, {
      rrsets: [...deletes, ...replaces],
    });
    if (patched.status !== 204 && patched.status !== 200) throw fail(patched);
  }
}

/** PowerDNS explains a refusal in `{ error: string }`; anything else is reported as such. */
function powerDnsDetail(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : 'no detail';
}
