// A zone of 5,000 records (issue 5): the list (GET .../dns) and one record change (POST
// .../dns/{id}) through the API over loopback, against reading the same rows straight from SQL
// (the Kysely select the DNS store runs), measured in the same run. The real Haven app runs in
// this process (SQLite in a temp dir, BIND zone files checked by named-checkzone when installed),
// so the timings include the client's side of the request, as a browser's would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dns } from '@haven/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { toDomainRef } from '../apps/server/src/customers/customers.store.ts';
import { defaultRecords } from '../apps/server/src/areas/dns/dns-defaults.ts';
import { loadDnsSettings } from '../apps/server/src/areas/dns/dns-provider-settings.ts';
import { toDraft, type RecordDraft } from '../apps/server/src/areas/dns/dns-records.ts';
import { checkRecord } from '../apps/server/src/areas/dns/dns-rules.ts';
import { createDnsStore } from '../apps/server/src/areas/dns/dns.store.ts';
import type { DnsDb } from '../apps/server/src/areas/dns/dns.tables.ts';
import { fmt } from './lib.ts';

const RECORDS = Number(process.env.BENCH_DNS_RECORDS ?? 5000);
const LIST_ROUNDS = Number(process.env.BENCH_DNS_LIST_ROUNDS ?? 20);
const CHANGE_ROUNDS = Number(process.env.BENCH_DNS_CHANGE_ROUNDS ?? 10);
const DOMAIN = 'zone-bench.test';
const PASSWORD = 'Bench-Pass-2024!x';

/** The i-th record as the add screen would send it: a mix of the common kinds, each name distinct. */
export function input(i: number): dns.RecordInput {
  switch (i % 5) {
    case 0:
      return { record: 'A', host: `h${i}`, value: `192.0.2.${(i % 254) + 1}`, ttl: 3600 };
    case 1:
      return { record: 'AAAA', host: `h${i}`, value: `2001:db8::${i.toString(16)}`, ttl: 3600 };
    case 2:
      return { record: 'TXT', host: `t${i}`, value: `bench record ${i}`, ttl: 3600 };
    case 3:
      return { record: 'CNAME', host: `c${i}`, value: `h${i - 3}`, ttl: 3600 };
    default:
      return { record: 'MX', host: `m${i}`, value: 'mx.example.net', priority: 10, ttl: 3600 };
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function benchDnsZone(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-bench-dns-'));
  const config = loadConfig({
    HAVEN_DATA_DIR: dataDir,
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    HAVEN_SECRET: 'b'.repeat(40),
    // Machine-wide system users are not what this measures (docs/operations.md).
    HAVEN_DOMAIN_USERS: 'off',
  });
  const ctx = await compose(config);
  const app = await buildApp(ctx);
  try {
    const id = await ctx.operator.createCustomer('Bench', 'bench@zone-bench.test');
    await ctx.operator.addDomain(id, DOMAIN);
    await ctx.operator.addIdentity({
      domain: DOMAIN,
      username: 'beheer',
      type: 'HOSTING',
      password: PASSWORD,
      name: 'Bench',
      email: 'b@zone-bench.test',
      primary: true,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { domain: DOMAIN, username: 'beheer', password: PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const row = await ctx.customers.domainByName(DOMAIN);
    if (!row) throw new Error('bench domain missing');
    const domain = toDomainRef(row);

    // Fill the zone the fastest honest way: every record parsed by the contract and checked by
    // the zone rules as the API would, then one batched write through the DNS store, then the
    // area's provisioning serves the stored zone again (one zone file, checked).
    const fillStart = performance.now();
    const settings = loadDnsSettings(config.dns, config.dataDir);
    // The composed db sees every table; the store takes its area's view (Kysely's types do not narrow).
    const store = createDnsStore(ctx.db as unknown as DnsDb);
    const zone = await store.zone(domain.id);
    if (!zone) throw new Error('the domain got no zone');
    const all: RecordDraft[] = [...defaultRecords(settings, false)];
    const drafts: RecordDraft[] = [];
    for (let i = 0; i < RECORDS; i++) {
      const draft = toDraft(dns.recordInput.parse(input(i)), DOMAIN);
      checkRecord(draft, { domain: DOMAIN, others: all, hasSpamfilter: false, settings });
      all.push(draft);
      drafts.push(draft);
    }
    await store.write({
      domainId: domain.id,
      serial: zone.serial,
      now: Date.now(),
      insert: drafts,
    });
    const dnsArea = ctx.areas.find((a) => a.name === 'dns');
    await dnsArea?.onDomainCreated?.(domain);
    const fillSeconds = (performance.now() - fillStart) / 1000;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}/api/${DOMAIN}/webhosting/dns`;
    const auth = { authorization: `Bearer ${token}` };

    const sql = () =>
      ctx.db
        .selectFrom('dns_records')
        .selectAll()
        .where('domain_id', '=', domain.id)
        .orderBy('id')
        .execute();
    let listBytes = 0;
    let listed = 0;
    const list = async () => {
      const res = await fetch(url, { headers: auth });
      if (!res.ok) throw new Error(`list failed: ${res.status} ${await res.text()}`);
      const body = await res.text();
      listBytes = Buffer.byteLength(body);
      listed = (JSON.parse(body) as dns.DnsList).records.length;
    };
    // The first A record of the mix, its address flipped each round so every round is a real change.
    const target = (await sql()).find((r) => r.kind === 'A' && r.host === 'h0');
    if (!target) throw new Error('record h0 missing');
    let flip = 0;
    const change = async () => {
      const value = `198.51.100.${(flip++ % 2) + 1}`;
      const res = await fetch(`${url}/${target.id}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ record: 'A', host: 'h0', value, ttl: 3600 }),
      });
      if (!res.ok) throw new Error(`change failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    // Warm-up of each path, then the measured rounds interleaved so load from elsewhere hits all three alike.
    const rows = (await sql()).length;
    await list();
    await change();
    const sqlTimes: number[] = [];
    const listTimes: number[] = [];
    const changeTimes: number[] = [];
    for (let i = 0; i < Math.max(LIST_ROUNDS, CHANGE_ROUNDS); i++) {
      sqlTimes.push(await timed(sql));
      if (i < LIST_ROUNDS) listTimes.push(await timed(list));
      if (i < CHANGE_ROUNDS) changeTimes.push(await timed(change));
    }
    const s = median(sqlTimes);
    const l = median(listTimes);
    const c = median(changeTimes);
    return [
      `zone of ${rows} stored records (${RECORDS} added + defaults; filled in ${fmt(fillSeconds)} s), BIND zone files, ` +
        `named-checkzone per change, loopback, client in the same process, 2 cores`,
      `  SQL baseline (Kysely select of the zone's rows): median ${fmt(s, 2)} ms of ${sqlTimes.length}`,
      `  GET list through the API (${listed} rows, ${fmt(listBytes / 1000, 0)} kB JSON): median ${fmt(l)} ms of ${LIST_ROUNDS}, ` +
        `min ${fmt(Math.min(...listTimes))}, max ${fmt(Math.max(...listTimes))} -> ${fmt(l / s)}x the SQL read`,
      `  one record change through the API: median ${fmt(c)} ms of ${CHANGE_ROUNDS}, min ${fmt(Math.min(...changeTimes))}, ` +
        `max ${fmt(Math.max(...changeTimes))} -> ${fmt(c / s)}x the SQL read`,
    ];
  } finally {
    await app.close();
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('dns-zone.ts')) {
  for (const line of await benchDnsZone()) console.log(line);
}
