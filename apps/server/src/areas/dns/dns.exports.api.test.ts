import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { ZoneRecords } from '../../model/dns-records.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { dnsModule } from './dns.module.ts';
import { createBindFilesDns } from '../../platform/dns/dns.bind-files.ts';

// How another area (mail, next) gets records into a domain's zone: through the DNS area's
// exports, as areas/registry.ts wires them; the customer then sees them in the list.
describe('DNS exports: zone records for another area', () => {
  let t: TestApp;
  let c: TestCustomer;
  let zoneRecords: ZoneRecords;

  beforeAll(async () => {
    t = await createTestApp({ env: { PROVIDER_DOMAIN: 'hoster.test' } });
    c = await t.customer();
    const websiteForwards = { serve: () => Promise.resolve(false) };
    // The app's own zone files, served as the local node's.
    const server = createBindFilesDns(join(t.ctx.config.dataDir, 'dns', 'zones'));
    zoneRecords = dnsModule(
      { ...t.ctx, db: t.ctx.database.db },
      t.ctx.config.dns,
      { websiteForwards },
      { server: () => server },
    ).exports.zoneRecords;
  });
  afterAll(() => t.close());

  const domain = async () => toDomainRef((await t.ctx.customers.domainByName(c.domain))!);
  const list = async () =>
    (
      await t.call({
        method: 'GET',
        url: `/api/${c.domain}/webhosting/dns`,
        token: await t.login(c),
      })
    ).json<dns.DnsList>();
  const mailRecords = [
    {
      record: 'TXT',
      host: 'mail._domainkey',
      value: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GN',
    },
    { record: 'C', host: 'autoconfig', value: 'mail.hoster.test' },
  ] satisfies dns.RecordInput[];

  it('adds the records a zone lacks, once, and serves them under a new serial', async () => {
    const before = await list();
    expect(await zoneRecords.ensure(await domain(), mailRecords)).toEqual({ added: 2 });
    const after = await list();
    expect(after.serial).toBeGreaterThan(before.serial);
    expect(after.records.map((r) => `${r.record} ${r.host} ${r.value}`)).toEqual(
      expect.arrayContaining([
        'TXT mail._domainkey v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GN',
        'CNAME autoconfig mail.hoster.test',
      ]),
    );
    expect(await zoneRecords.ensure(await domain(), mailRecords)).toEqual({ added: 0 });
    expect((await list()).serial).toBe(after.serial);
  });

  it('refuses a record the rules refuse, and adds nothing of the batch', async () => {
    const count = (await list()).records.length;
    const clash = [
      { record: 'A', host: 'imap', value: '192.0.2.1' },
      { record: 'C', host: 'imap', value: 'mail.hoster.test' },
    ] satisfies dns.RecordInput[];
    await expect(zoneRecords.ensure(await domain(), clash)).rejects.toMatchObject({
      code: expect.any(String),
    });
    expect((await list()).records.length).toBe(count);
  });
});
