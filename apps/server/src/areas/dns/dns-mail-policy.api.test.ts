import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { toDomainRef } from '../../customers/customers.store.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { dnsModule } from './dns.module.ts';
import { createBindFilesDns } from '../../platform/dns/dns.bind-files.ts';

type Body = Record<string, unknown>;

// Two SPF policies at one name (or two DMARC policies) make receivers reject or ignore the
// domain's mail: the zone refuses the second with its own code; the first is edited in place.
describe('DNS: one SPF and one DMARC policy per name', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  const url = (rest = '') => `/api/${a.domain}/webhosting/dns${rest}`;
  const add = (payload: Body) => t.call({ method: 'POST', url: url(), token, payload });
  const edit = (id: number, payload: Body) =>
    t.call({ method: 'POST', url: url(`/${id}`), token, payload });
  const records = async () =>
    (await t.call({ method: 'GET', url: url(), token })).json<dns.DnsList>().records;
  const zoneFile = () => readFile(join(t.dataDir, 'dns', 'zones', `${a.domain}.zone`), 'utf8');
  const refused = async (res: Awaited<ReturnType<typeof add>>, code: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json<{ custom_message: string }>().custom_message).toBe(code);
  };
  let spf: dns.DnsRecord;

  beforeAll(async () => {
    t = await createTestApp({ env: { PROVIDER_DOMAIN: 'hoster.test' } });
    a = await t.customer();
    token = await t.login(a);
    const found = (await records()).find((r) => r.record === 'TXT' && r.value.startsWith('v=spf1'));
    if (!found)
      expect((await add({ record: 'TXT', value: 'v=spf1 mx -all' })).statusCode).toBe(200);
    spf = (await records()).find((r) => r.record === 'TXT' && r.value.startsWith('v=spf1'))!;
  });
  afterAll(() => t.close());

  it('refuses a second SPF record for the domain, and changes nothing', async () => {
    const before = await zoneFile();
    await refused(
      await add({ record: 'TXT', value: 'v=spf1 include:_spf.example.org ~all' }),
      'spf_exists',
    );
    await refused(await add({ record: 'TXT', host: '@', value: '"V=SPF1 -all"' }), 'spf_exists');
    expect(await zoneFile()).toBe(before);
    // Other TXT records at the name, and an SPF policy of another name, are fine.
    expect((await add({ record: 'TXT', value: 'google-site-verification=abc' })).statusCode).toBe(
      200,
    );
    expect((await add({ record: 'TXT', value: 'v=spf10 is not spf' })).statusCode).toBe(200);
    expect((await add({ record: 'TXT', host: 'news', value: 'v=spf1 -all' })).statusCode).toBe(200);
  });

  it('edits the existing SPF record in place, but does not turn another TXT into a second one', async () => {
    const changed = await edit(spf.id, {
      record: 'TXT',
      value: 'v=spf1 mx include:_spf.example.org -all',
    });
    expect(changed.statusCode).toBe(200);
    expect(await zoneFile()).toContain('include:_spf.example.org');
    const other = (await records()).find((r) => r.value === 'google-site-verification=abc')!;
    await refused(await edit(other.id, { record: 'TXT', value: 'v=spf1 -all' }), 'spf_exists');
  });

  it('refuses a second DMARC record for the domain', async () => {
    // Mail may have added the domain's DMARC policy already; otherwise the customer adds one.
    const isDmarc = (r: dns.DnsRecord) => r.host === '_dmarc' && /^v=dmarc1/i.test(r.value);
    if (!(await records()).some(isDmarc))
      expect(
        (await add({ record: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=none' })).statusCode,
      ).toBe(200);
    const first = (await records()).find(isDmarc)!;
    await refused(
      await add({
        record: 'TXT',
        host: '_dmarc',
        value: 'v=DMARC1; p=reject; rua=mailto:d@a.test',
      }),
      'dmarc_exists',
    );
    const changed = await edit(first.id, {
      record: 'TXT',
      host: '_dmarc',
      value: 'v=DMARC1; p=quarantine',
    });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses the same through zoneRecords.ensure, adding nothing of the batch', async () => {
    // The app's own zone files, served as the local node's.
    const server = createBindFilesDns(join(t.ctx.config.dataDir, 'dns', 'zones'));
    const zoneRecords = dnsModule(
      { ...t.ctx, db: t.ctx.database.db },
      t.ctx.config.dns,
      { websiteForwards: { serve: () => Promise.resolve(false) } },
      { server: () => server },
    ).exports.zoneRecords;
    const domain = toDomainRef((await t.ctx.customers.domainByName(a.domain))!);
    const count = (await records()).length;
    await expect(
      zoneRecords.ensure(domain, [
        { record: 'TXT', host: 'mail._domainkey', value: 'v=DKIM1; k=rsa; p=MIGf' },
        { record: 'TXT', host: '', value: 'v=spf1 a -all' },
      ]),
    ).rejects.toMatchObject({ code: 'spf_exists' });
    await expect(
      zoneRecords.ensure(domain, [
        { record: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=none; pct=50' },
      ]),
    ).rejects.toMatchObject({ code: 'dmarc_exists' });
    // Two new policies in one batch: the second of the batch is the duplicate.
    await expect(
      zoneRecords.ensure(domain, [
        { record: 'TXT', host: 'two', value: 'v=spf1 -all' },
        { record: 'TXT', host: 'two', value: 'v=spf1 mx -all' },
      ]),
    ).rejects.toMatchObject({ code: 'spf_exists' });
    expect((await records()).length).toBe(count);
  });
});
