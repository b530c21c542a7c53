import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { findPhpVersions } from '../../platform/web-server/php-versions.ts';

// A new subdomain is reachable by its name: the DNS area serves it on the hosting server, unless
// the customer's zone already gives that name an address of its own.
describe('a new subdomain in the DNS zone', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let php: string | null;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const records = async () =>
    (await call('GET', `/api/${a.domain}/webhosting/dns`)).json<dns.DnsList>().records;
  const named = async (host: string) =>
    (await records()).filter((r) => r.host === host).map((r) => r.record);
  const addSubdomain = (name: string) =>
    call('POST', `/api/${a.domain}/webhosting/subdomain`, { name, phpHandlerId: php });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    token = await t.login(a);
    php = (await findPhpVersions()).at(-1)?.value ?? null;
  });
  afterAll(() => t.close());

  it('serves the new name with a HOST record', async () => {
    expect(await named('shop')).toEqual([]);
    expect((await addSubdomain('shop')).statusCode).toBe(200);
    expect(await named('shop')).toEqual(['HOST']);
  });

  it("keeps the customer's own address for that name and adds nothing", async () => {
    const own = await call('POST', `/api/${a.domain}/webhosting/dns`, {
      record: 'A',
      host: 'elders',
      value: '192.0.2.7',
    });
    expect(own.statusCode).toBe(200);
    expect((await addSubdomain('elders')).statusCode).toBe(200);
    expect(await named('elders')).toEqual(['A']);
  });

  it('keeps a CNAME at that name (a HOST beside it would clash)', async () => {
    const cname = await call('POST', `/api/${a.domain}/webhosting/dns`, {
      record: 'C',
      host: 'alias',
      value: 'example.net',
    });
    expect(cname.statusCode).toBe(200);
    expect((await addSubdomain('alias')).statusCode).toBe(200);
    expect(await named('alias')).toEqual(['CNAME']);
  });
});
