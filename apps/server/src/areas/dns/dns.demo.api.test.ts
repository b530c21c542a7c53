import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { seedDemoIfEmpty } from '../../seed/demo.ts';

// The local profile seeds a demo domain at start: its zone passes the zone's own rules (one
// DMARC policy: mail's), or the panel would not start.
describe('the demo zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds without breaking a rule, with one DMARC policy', async () => {
    const demo = await seedDemoIfEmpty(t.ctx);
    expect(demo).not.toBeNull();
    const token = await t.login({
      domain: demo!.domain,
      username: demo!.username,
      password: demo!.password,
    });
    const res = await t.call({ method: 'GET', url: `/api/${demo!.domain}/webhosting/dns`, token });
    const records = res.json<dns.DnsList>().records;
    expect(records.filter((r) => r.host === '_dmarc')).toHaveLength(1);
    expect(records.map((r) => r.host)).toEqual(expect.arrayContaining(['kassa', 'webshop']));
  });
});
